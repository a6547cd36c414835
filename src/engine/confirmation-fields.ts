/**
 * The confirmation-data fields (step "Confirma tus datos"), read from the analysts' form
 * `schemas/forms/confirmacion-datos.json`: the summary view shows and sends them, the service
 * keeps them, and the confirmation call's allow-list admits them. Written once, there.
 */
import confirmation from '../../schemas/forms/confirmacion-datos.json' with { type: 'json' };
import bank from '../../schemas/forms/datos-bancarios.json' with { type: 'json' };

type ConfirmationField = keyof typeof confirmation.schema.properties;

/** The form's fields, in its order. */
export const CONFIRMATION_FIELDS = Object.keys(confirmation.schema.properties) as ConfirmationField[];

/** What the summary view sends beside them: the chosen district's ubigeo code. */
export const CONFIRMATION_DERIVED_FIELDS = ['ubigeo'] as const;

/**
 * The disbursement-account fields (`schemas/forms/datos-bancarios.json`): the mobile-phone
 * product confirms the account on the same screen (it has no bank-details step).
 */
export const BANK_FIELDS = Object.keys(bank.schema.properties);

/**
 * What a loan paid out in cash at an office (LD-Bancarizador) confirms instead of an account,
 * beside the disbursement type (2): the office of the offices catalog.
 */
export const OFFICE_FIELDS = ['codigoOficina'] as const;
