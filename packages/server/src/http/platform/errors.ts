import { REST_WIRE, type RestWireTable, restShapedErrorHandler } from '../shared/rest-errors.js';

/**
 * The platform interface answers in the REST error shape (docs/platform.md), with one difference: a
 * status move its state machine forbids (`InvalidState`) is 409 5000.1009 naming the current state
 * (nothing changed).
 */
const PLATFORM_WIRE = { ...REST_WIRE, invalid_state: { status: 409, code: '5000.1009' } } satisfies RestWireTable;

export const platformErrorHandler = restShapedErrorHandler(PLATFORM_WIRE);
