/** Injection tokens of the store module. */
export const EVENT_STORE = Symbol('EVENT_STORE');
export const API_CONFIG = Symbol('API_CONFIG');
