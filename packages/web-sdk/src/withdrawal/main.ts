/**
 * Entry of the withdrawal bundle (`/sdk/v1/withdrawal.<hash>.js`): loaded by websdk.js's `withdrawal()`
 * the first time it is called, it registers the component's `mount` for it.
 */
import { mount } from './controller.js';

(window as unknown as Record<string, unknown>).__gatehouseWithdrawal = { mount };
