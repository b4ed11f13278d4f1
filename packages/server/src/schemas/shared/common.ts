import { Type } from 'typebox';

/** Building blocks shared by the interface schemas. */
export const Uuid = (description?: string) => Type.String({ format: 'uuid', ...(description ? { description } : {}) });
export const Currency = (description = 'ISO 4217 currency code') =>
  Type.String({ minLength: 3, maxLength: 3, description });
export const CountryCode = (description = 'ISO 3166-1 alpha-2 country code') =>
  Type.String({ minLength: 2, maxLength: 2, description });
export const Uri = (description?: string) => Type.String({ format: 'uri', ...(description ? { description } : {}) });
/** A calendar date written `YYYYMMDD`; the date itself is checked at the edge. */
export const CompactDate = (description?: string) =>
  Type.String({ pattern: '^[0-9]{8}$', ...(description ? { description } : {}) });
/** An object whose inner structure the spec does not show: any members are kept as sent. */
export const OpaqueObject = (description: string) => Type.Object({}, { additionalProperties: true, description });
export const StringMap = (description: string) =>
  Type.Record(Type.String(), Type.String(), { description });
