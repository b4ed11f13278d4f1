/**
 * The hosted screens' UI foundation (docs/decisions/0424): small Preact components and hooks that the
 * checkout uses and that a withdrawal cashier or a control panel can use without copying. No component
 * talks to the gateway; each takes what it shows and reports what the shopper does.
 */
export { formatMoney, aroundAmount } from './money.js';
export { type FlowEvent, type FlowState, INITIAL, canPay, isBusy, transition } from './payment-flow.machine.js';
export { useFocusTrap, focusablesOf } from './use-focus-trap.js';
export { Modal } from './components/Modal/Modal.js';
export { Spinner, Skeleton } from './components/Spinner/Spinner.js';
export { ResultState } from './components/ResultState/ResultState.js';
export { ErrorSummary, type ErrorSummaryItem } from './components/ErrorSummary/ErrorSummary.js';
export { BrandMark } from './components/BrandMark/BrandMark.js';
export { DataTable, DATA_TABLE_CSS, type DataColumn, type DataTableProps } from './components/DataTable/DataTable.js';
export { FormField, FORM_FIELD_CSS, fieldDescribedBy, type FormFieldProps } from './components/FormField/FormField.js';
export { acceptedBrands, BRAND_LABELS, CARD_BRANDS, type CardBrand } from './components/BrandMark/brands.js';
export { UI_CSS } from './ui.styles.js';
export { MethodList, type MethodItem, type MethodListProps } from './components/MethodList/MethodList.js';
export {
  SavedMethodList,
  type SavedMethod,
  type SavedMethodTexts,
  type SavedMethodListProps,
} from './components/SavedMethodList/SavedMethodList.js';
export { HostedFieldSlot, type HostedFieldSlotProps } from './components/HostedFieldSlot/HostedFieldSlot.js';
export {
  type Appearance,
  type AppearanceVariables,
  APPEARANCE_VARIABLES,
  DEFAULT_VARIABLES,
  THEME_TOKENS,
  themeStyle,
  tokenName,
  TOKEN_DEFAULTS,
} from './theme.js';
