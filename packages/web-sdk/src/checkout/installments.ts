/** The countries where card installments (`cardInstallments`) are offered. */
export const INSTALLMENT_COUNTRIES = ['AR', 'BR', 'CL', 'CO', 'MX', 'PE'] as const;
