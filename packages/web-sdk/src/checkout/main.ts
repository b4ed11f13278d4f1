/**
 * Entry of the checkout bundle (`/sdk/v1/checkout.<hash>.js`): loaded by websdk.js's `checkout()` the
 * first time it is called, it registers the form's `mount` for it.
 */
import { mount } from './checkout.js';

(window as unknown as Record<string, unknown>).__gatehouseCheckout = { mount };
