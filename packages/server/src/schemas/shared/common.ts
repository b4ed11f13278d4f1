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
export const StringMap = (description: string) => Type.Record(Type.String(), Type.String(), { description });

const customField = () => Type.Optional(Type.String({ maxLength: 255 }));
/** customField1..15, the merchant's own data echoed back (session `merchantDetails`, the SDK's withdrawal call). */
export const customFields = () => ({
  customField1: customField(),
  customField2: customField(),
  customField3: customField(),
  customField4: customField(),
  customField5: customField(),
  customField6: customField(),
  customField7: customField(),
  customField8: customField(),
  customField9: customField(),
  customField10: customField(),
  customField11: customField(),
  customField12: customField(),
  customField13: customField(),
  customField14: customField(),
  customField15: customField(),
});
