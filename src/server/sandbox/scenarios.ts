/**
 * The sandbox test identities (SCENARIOS.md) as data: one place for every product.
 * Served as JSON at `GET /__sandbox/scenarios`; the handlers look rows up with
 * {@link scenarioFor}. Rows are a contract: add freely, change none.
 *
 * Codes keep the exact type of the published table: numbers stay numbers (`0`, `-5`)
 * and two-digit codes stay strings (`"01"`, `"99"`), because the flows compare them as
 * the upstream service sends them.
 */

/** An answer code as the upstream service sends it: a number or a zero-padded string. */
export type ScenarioCode = number | string;

/** One forced outcome for one DNI (or plate) at one step. */
export interface ScenarioRow {
  /** The identity that forces the outcome (a DNI, or a plate for the semi-new check). */
  documento: string;
  /** The step the row applies to (e.g. `preEvaluation`, `identityQuestions`). */
  step: string;
  /** The code the service answers at that step; `null` when the service never answers. */
  code: ScenarioCode | null;
  /** Extra fields the answer carries (state, details, flags). */
  extra?: Record<string, unknown>;
  /** What the flow shows, in the table's words. */
  shows: string;
}

/** A named table of rows. */
export interface ScenarioSection {
  id: ScenarioSectionId;
  title: string;
  /** How unlisted identities behave in this section. */
  unlisted: string;
  rows: ScenarioRow[];
}

export type ScenarioSectionId =
  'instant' | 'vehicle' | 'taxiSteps' | 'conversion' | 'otherProducts' | 'customers';

const row = (
  documento: string,
  step: string,
  code: ScenarioCode | null,
  shows: string,
  extra?: Record<string, unknown>,
): ScenarioRow => (extra ? { documento, step, code, shows, extra } : { documento, step, code, shows });

/** Credinstante and celulares (instant-credit calls). */
const instant: ScenarioSection = {
  id: 'instant',
  title: 'Credinstante and celulares (instant-credit calls)',
  unlisted:
    'happy path: pre-evaluation 0, policies approved (1), identity passes with the right answers, biometrics pass, offers, documents and signature accepted',
  rows: [
    // Pre-evaluation `codigoRespuesta`.
    row('10000000', 'preEvaluation', 0, 'policy evaluation (same as any unlisted DNI)'),
    row('10000004', 'preEvaluation', 4, 'quota simulator directly (offer ready, estadoProspecto 4)', {
      estadoProspecto: 4,
    }),
    row('10000010', 'preEvaluation', 10, 'modal: already has a request in process'),
    row('10000011', 'preEvaluation', 11, 'modal: active credit'),
    row('10000002', 'preEvaluation', 2, 'modal: evaluation in process'),
    row('10000099', 'preEvaluation', 99, 'modal: request in process'),
    row('10000001', 'preEvaluation', '01', 'modal: request in process'),
    row('10000003', 'preEvaluation', '03', 'modal: disapproved'),
    row(
      '10000044',
      'preEvaluation',
      '04',
      "better offer approved: 'Lo quiero' (credinstante), link to renewal (celulares)",
    ),
    row('10000005', 'preEvaluation', -5, 'modal: no new requests'),
    row('10000055', 'preEvaluation', '05', 'modal: no new requests'),
    row('10000098', 'preEvaluation', '99', 'modal: wait time / error'),
    row('10000006', 'preEvaluation', -6, 'credinstante: waiting-list image popup'),
    row(
      '10900002',
      'preEvaluation',
      '03',
      'estadoProspecto −2: an ID that cannot apply (as one younger than 18 by birth date): the age message, the form keeps what was typed',
      { estadoProspecto: -2, detalle: 'status.menorDeEdad' },
    ),
    row(
      '10900001',
      'preEvaluation',
      '03',
      'estadoProspecto −1: the DNI does not match the ID registry: check the DNI, the form keeps what was typed',
      { estadoProspecto: -1, detalle: 'status.revisarDni' },
    ),
    row(
      '22000001',
      'phoneCode',
      '01',
      "step 2: the applicant's phone already received the most codes allowed for now: '01', the code cannot be sent (try later)",
    ),
    // Policy evaluation result on the socket.
    row('20000001', 'policyEvaluation', 1, 'approved: quota simulator (same as unlisted)'),
    row('20000000', 'policyEvaluation', 0, "approved, office closed: 'Cerrado temporalmente'"),
    row('20000003', 'policyEvaluation', 3, 'rejected'),
    row(
      '20000002',
      'policyEvaluation',
      2,
      'credinstante: observed-policies step with policies to correct; celulares answers -1: contact an advisor',
      { detalle: '00', celulares: -1 },
    ),
    row('20000022', 'policyEvaluation', 2, 'observed, nothing to fix', { detalle: '02' }),
    row('20000020', 'policyEvaluation', -2, 'observed by advisor: an advisor will contact'),
    row('20000030', 'policyEvaluation', -3, 'pending: an SMS will be sent to continue'),
    row(
      '20000098',
      'policyEvaluation',
      99,
      "the evaluation engine runs past its maximum wait: the socket answers 99, 'Tiempo máximo de espera', and the application may be sent again",
    ),
    // The link of a pending result (-3) opens the application where it stands (step 0, lead
    // prospect states); 20000030's stands with its offer ready (4).
    ...(
      [
        ['23000000', 0, 'still eligible: the phone code step, then the evaluation'],
        ['23000001', 1, 'no offer'],
        ['23000002', 2, 'evaluation in process'],
        ['23000010', 10, 'request in process (signed)'],
        ['23000011', 11, 'credit active'],
        ['23000012', 12, 'no offer'],
        ['23900005', -5, 'no new requests for now'],
        ['23900001', -1, 'the DNI must be checked: back to the form'],
      ] as const
    ).map(([dni, estado, shows]) =>
      row(
        dni,
        'policyEvaluation',
        -3,
        `pending; the SMS link opens the application in state ${estado}: ${shows}`,
        {
          estadoProspecto: estado,
        },
      ),
    ),
    row(
      '20000099',
      'policyEvaluation',
      null,
      'never answers: evaluation wait runs out (180000 ms): timeout message',
    ),
    // Later steps.
    row('21000099', 'quotaSimulator', '99', 'error'),
    row('30000001', 'identityQuestions', '01', 'failed'),
    row('30000002', 'identityQuestions', '02', 'attempts exceeded, retry in 24 hours'),
    row('30000003', 'identityQuestions', '03', 'retry in 15 days'),
    row('30000004', 'identityQuestions', '04', 'no offer'),
    row('30000099', 'identityQuestions', '99', 'questions could not be obtained'),
    // The general identity codes (spec 000 §4 "General codes also listed").
    row('30000008', 'identityQuestions', '08', 'did not pass identity validation'),
    row('30000009', 'identityQuestions', '09', 'attempts exceeded, retry in 24 hours'),
    row('30000010', 'identityQuestions', '10', 'attempts exceeded again, retry in 15 days'),
    row('30000011', 'identityQuestions', '11', 'no offer available'),
    row('31000001', 'biometricRecordCheck', '01', 'isBiometric false: no biometric path', {
      isBiometric: false,
    }),
    row(
      '31000002',
      'biometricValidation',
      '00',
      'repeatBiometric true: retry warning (step 7) until the counter reaches 2, then step 8',
      { repeatBiometric: true },
    ),
    row('31000099', 'biometricCall', '99', 'failure: goes on to electronic signature with code "99"'),
    row('32000001', 'bankDetails', '01', "'Código no válido'"),
    row('32000099', 'bankDetails', '99', 'failure message'),
    row('33000001', 'contractDocuments', '01', 'token cannot be sent now'),
    row(
      '33000002',
      'contractsPrepared',
      '01',
      'the lender\'s back office prepares the contract documents as soon as the confirmation data are saved: the page\'s generaContrato finds them generated and answers "01" (already in process, an alternate success) with them; the flow goes on',
    ),
    row('34000002', 'electronicSignature', '02', 'already has an approved offer (credinstante)'),
    // Account change (/cambiarcuenta), after the credit is signed.
    row('76000002', 'accountChangeCode', '02', 'account change: the credit is not approved'),
    row('76000011', 'accountChangeCode', '01', 'account change: the SMS code cannot be sent now'),
    row('76000001', 'accountChangeBank', '01', "account change: 'Token no válido' whatever code is typed"),
    row('76000099', 'accountChangeBank', '99', "account change: the account is not the holder's"),
    row(
      '76000007',
      'accountChangeLink',
      '07',
      'account change: the link texted when the credit is signed has already expired: opening /cambiarcuenta answers "07"',
    ),
  ],
};

/** `500000SS` answers state SS and `590000NN` answers −NN at pre-evaluation (rule rows, see {@link vehiclePreEvaluationState}). */
const vehicle: ScenarioSection = {
  id: 'vehicle',
  title:
    'Vehicle and consumer products (moto, moto-honda, mototaxi, motofurgon, taxi, seminuevo, consumo, consumo-alfin, quoters)',
  unlisted:
    'pre-evaluation estadoProspecto 0 (−2 when younger than 18 by birth date); policy evaluation 25; personal data 26; simulation 26; documents 30. DNI 500000SS answers state SS and 590000NN answers −NN at pre-evaluation.',
  rows: [
    row('50000023', 'preEvaluation', 23, 'estadoProspecto 23 (rule 500000SS)', { estadoProspecto: 23 }),
    row('50000092', 'preEvaluation', 92, 'estadoProspecto 92 (rule 500000SS)', { estadoProspecto: 92 }),
    row('50000002', 'preEvaluation', 2, "estadoProspecto 2: taxi-mujer's existing prospect (rule 500000SS)", {
      estadoProspecto: 2,
    }),
    row('59000001', 'preEvaluation', -1, 'estadoProspecto −1 (rule 590000NN)', { estadoProspecto: -1 }),
    row('59000002', 'preEvaluation', -2, 'estadoProspecto −2 (rule 590000NN)', { estadoProspecto: -2 }),
    row('59000003', 'preEvaluation', -3, 'estadoProspecto −3 (rule 590000NN)', { estadoProspecto: -3 }),
    row('59000005', 'preEvaluation', -5, 'estadoProspecto −5 (rule 590000NN)', { estadoProspecto: -5 }),
    row('59000006', 'preEvaluation', -6, 'estadoProspecto −6 (rule 590000NN)', { estadoProspecto: -6 }),
    row('51000023', 'policyEvaluation', 23, 'rejection'),
    row('51000024', 'policyEvaluation', 24, 'modal, then reset'),
    row('52000023', 'personalData', 23, 'rejection'),
    row('52000024', 'personalData', 24, 'modal'),
    row('52000090', 'personalData', 90, 'state 90'),
    row('52000025', 'personalData', 25, 'state 25 (mototaxi, motofurgon, taxi: on to simulation)'),
    row('53000090', 'simulation', 90, 'state 90'),
    row('53000030', 'simulation', 30, 'moto: credit approval'),
    row(
      '53000099',
      'simulationQuote',
      '99',
      'the chosen simulation is refused ("99", with the reason): the credit bureau reports instalments elsewhere, so the payment capacity is below the amount chosen; the applicant chooses another (consumo, consumo-alfin) or the quote is not given (quoters)',
    ),
    row(
      '53000026',
      'savedSimulation',
      26,
      'consumo, consumo-alfin, seminuevo: a returning applicant; the pre-evaluation finds the application at the simulation (26) with the simulation saved on the earlier visit, and the simulator opens with it',
      { estadoProspecto: 26 },
    ),
    row('54000034', 'documents', 34, 'state 34'),
    row('54000090', 'documents', 90, 'state 90'),
    row('54000005', 'documents', -5, 'used vehicle modal'),
    row(
      '54000055',
      'documentUpload',
      -5,
      'consumo, consumo-alfin: the final data is accepted, then the document upload leaves the application on hold (−5): the flow says it waits and how it goes on',
    ),
    row(
      '35000001',
      'incomeDeclaration',
      '01',
      'consumo: the income declaration\'s signing code cannot be sent now ("01")',
    ),
    row(
      '55000001',
      'guarantorRequired',
      25,
      'consumo-alfin: the policy evaluation approves (25) and requires a guarantor; the guarantor given is approved',
      { requiereAval: true },
    ),
    row(
      '55000003',
      'guarantor',
      '03',
      'consumo-alfin: the policy evaluation requires a guarantor, and every guarantor given is rejected',
      { requiereAval: true },
    ),
    row('56000003', 'guarantor', '03', 'as the guarantor (documentoAval) of any applicant: rejected'),
    row('54000026', 'documents', 26, 'state 26 (mototaxi, motofurgon, taxi: submission confirmation)'),
    // Moto reaches its documents only after an observed simulation (90): these identities are
    // observed there, and their documents answer each state of the documents table.
    ...(
      [
        ['57000026', 26, 'data updated (26): submission confirmation'],
        ['57000034', 34, 'a process already exists (34): submission confirmation'],
        ['57000090', 90, 'still observed (90): moto credit approval'],
        ['57000005', -5, 'the plate turns out already delivered (−5): the plate message, then start over'],
      ] as const
    ).flatMap(([dni, estado, shows]) => [
      row(dni, 'simulation', 90, 'the simulation is observed (90): on to the documents'),
      row(dni, 'documents', estado, `documents: ${shows}`),
    ]),
    row(
      '58000001',
      'incomeDeclaration',
      '01',
      "consumo, seminuevo: the SMS with the income declaration's signing code cannot be sent to the applicant's phone now ('01')",
    ),
    // The signature (moto, moto-honda, consumo, consumo-alfin, seminuevo and the signature link):
    // the back office approves the registration (33) first.
    row(
      '33000010',
      'contractsPrepared',
      '01',
      'the back office generates the contract documents as soon as the application may be signed (33: it approves the registration, or the consumer signs the income declaration): the contract documents step finds them generated and answers "01" (already in process, an alternate success) with them; the flow goes on to the signature',
    ),
    row(
      '34000010',
      'signedElsewhere',
      '02',
      'the applicant signs from the signature link on another device with the code just texted, before pressing sign on this page: the signature answers "02" (already signed)',
    ),
    row('ZZZ-999', 'semiNewPlate', '02', 'the plate was already delivered (state −5)', {
      estadoProspecto: -5,
    }),
    row(
      '55000002',
      'semiNewPlate',
      '02',
      'semi-new pre-evaluation, any plate: already delivered (state −5)',
      {
        estadoProspecto: -5,
      },
    ),
  ],
};

/** States unlisted DNIs reach at each vehicle step. */
export const VEHICLE_UNLISTED_STATE = {
  preEvaluation: 0,
  policyEvaluation: 25,
  personalData: 26,
  simulation: 26,
  documents: 30,
} as const;

/** Taxi and vehicle flow through server steps (`/api/private/v1.3/prospectos?paso=N`). */
const taxiSteps: ScenarioSection = {
  id: 'taxiSteps',
  title: 'Taxi and vehicle flow through server steps (/api/private/v1.3/prospectos?paso=N)',
  unlisted: 'codigoRespuesta "00", codigoEstado 9: step 2 with modal 9',
  rows: [
    row('60000001', 'serverStep', '00', 'step 2 with modal 1', { codigoEstado: 1 }),
    row('60000003', 'serverStep', '00', 'step 2 with modal 3', { codigoEstado: 3 }),
    row('60000005', 'serverStep', '00', 'step 1 with modal 5', { codigoEstado: 5 }),
    row('61000001', 'serverStep', '01', 'step 1 with modal 7', { codigoEstado: 1 }),
    row('61000002', 'serverStep', '01', 'step 1 with modal 4', { codigoEstado: 2 }),
    row(
      '60000006',
      'serverStep',
      '00',
      'the lender deactivated the prospect (codigoEstado 6): step 1 with a modal naming the state',
      { codigoEstado: 6 },
    ),
    row('69000099', 'serverStep', '99', 'modal 8'),
    row('69000098', 'serverStep', '98', 'modal 10'),
    row(
      '62000040',
      'scoreQuota',
      '00',
      'score de cuota: the instalment is above the capacity of payment (back to the simulator)',
      {
        cumpleCapacidad: false,
      },
    ),
    row(
      '63000003',
      'bureau',
      '00',
      'the credit bureau reports a score of 410, below the minimum of 500: the taxi admission score (evaluation type 6) rejects the applicant (resultado 3), as every policy evaluation does (vehicle state 23, instant result 3)',
      { score: 410 },
    ),
    row(
      '64000001',
      'taxiDocuments',
      '01',
      "documents (paso 3): the photo of the vehicle's property card cannot be read, so it counts as missing ('01', modal 11)",
      { ilegible: 'imagenTarjetaPropiedad' },
    ),
    row(
      '62000011',
      'scoreSimulator',
      '00',
      'simulator: the bureau score (952) earns the preferential rate, so the simulation answers condicion 12 and its modal opens',
      { condicion: 12 },
    ),
  ],
};

/** Conversion campaign (campanaconversiones, conversion, autoclass). */
const conversion: ScenarioSection = {
  id: 'conversion',
  title: 'Conversion campaign (campanaconversiones, conversion, autoclass)',
  unlisted: 'status 0: offer form (step 3)',
  rows: [
    row('70000002', 'status', 2, 'in process'),
    row('70000014', 'status', 14, 'pre-approved'),
    row('70000018', 'status', 18, 'offer available (step 4), products 19 and 20', { productos: [19, 20] }),
    row('70000035', 'status', 35, 'offer available (step 4), products 21 and 22', { productos: [21, 22] }),
    row('70000022', 'status', 22, 'credit already activated'),
    row('70000077', 'status', 77, 'request already in process'),
    row('71000001', 'preEvaluation', '01', 'request in process'),
    row('71000003', 'preEvaluation', '03', 'no offer now'),
    row('71000004', 'preEvaluation', '04', 'approved loan exists, renewal link'),
    row('71000005', 'preEvaluation', '05', 'no new requests'),
    row('71000099', 'preEvaluation', '99', 'error'),
    row('72000003', 'offerRequest', '03', 'offer form: no offer now'),
    row('72000098', 'offerRequest', '99', 'offer form: error'),
    row('72000099', 'offers', '99', 'offer (step 4): the offers could not be obtained'),
    row('73000099', 'confirmOffer', '99', 'offer (step 4): the offer could not be confirmed'),
    row('74000099', 'confirmData', '99', 'confirm data (step 5): an offer could not be processed'),
    row('75000099', 'contracts', '99', 'contracts (step 7): a contract could not be generated'),
    row(
      '77000000',
      'resumeLink',
      '00',
      'the applicant leaves at once: the resume link is texted right after the pre-evaluation (no idle time) and opens the application, on the route applied on, at the step its status says',
    ),
    row(
      '77000006',
      'resumeLink',
      '06',
      'as 77000000, but the texted resume link arrives altered: opening it answers "06" (then the data form)',
    ),
    row(
      '77000007',
      'resumeLink',
      '07',
      'as 77000000, but the texted resume link has already expired: opening it answers "07" (then the data form)',
    ),
  ],
};

/** Other online products (compra-deuda, extraefectivo, renovacion, vendemas, contigo, faemype, LibreDisponibilidad, LD-Bancarizador, activacion-ld). */
const otherProducts: ScenarioSection = {
  id: 'otherProducts',
  title:
    'Other online products (compra-deuda, extraefectivo, renovacion, vendemas, contigo, faemype, LibreDisponibilidad, LD-Bancarizador, activacion-ld)',
  unlisted: 'happy path (code "00")',
  rows: [
    row('80000001', 'preEvaluation', '01', 'prospect in progress'),
    row('80000003', 'preEvaluation', '03', 'no associated information'),
    row('80000004', 'preEvaluation', '04', 'approved loan exists, route to renewal'),
    row('80000005', 'preEvaluation', '05', 'requests suspended or not qualified for the campaign'),
    row('80000099', 'preEvaluation', '99', 'error'),
  ],
};

/**
 * Existing customers (SCENARIOS.md "Existing customers"): the credit each listed identity holds
 * is seeded by `domain/customers/seed.ts`; the offer code follows from it by the credit math
 * (step `offer`), or the identity questions answer the listed code (step `identityQuestions`).
 * `telefono` is the seeded phone on file, where the signing codes go (`phoneOnFile`).
 */
const customers: ScenarioSection = {
  id: 'customers',
  title:
    'Existing customers (contigo, compra-deuda, extraefectivo, renovacion, LibreDisponibilidad, LD-Bancarizador, activacion-ld, vendemas, faemype)',
  unlisted:
    'a customer with one active GNV conversion credit in good standing: S/ 4,800 lent over 24 months at the conversion TEA (45%), 14 instalments paid through the Factor de Recaudo (balance S/ 2,437.52), no day late, plate ABC-123, a savings account at bank "002"; every existing-customer product offers to them. The 8000xxxx rows of "Other online products" apply too',
  rows: [
    row('81000000', 'offer', '03', '"03" no associated information (no credit with the lender)'),
    row('81000030', 'offer', '11', '"11" no offer available (35 days late on the active credit)', {
      telefono: '916160925',
      diasAtraso: 35,
    }),
    row(
      '81000002',
      'offer',
      '05',
      '"05" not qualified for the campaign (credit too recent: 2 instalments paid)',
      { telefono: '925990834', cuotasPagadas: 2 },
    ),
    row('81000004', 'offer', '11', '"11" no offer available (offer below the product\'s minimum amount)', {
      telefono: '974251027',
    }),
    row('81000008', 'identityQuestions', '08', '"08" did not pass identity validation', {
      telefono: '905216819',
    }),
    row('81000009', 'identityQuestions', '09', '"09" retry in 24 hours (identity attempts exceeded)', {
      telefono: '967556713',
    }),
    row('81000010', 'identityQuestions', '10', '"10" retry in 15 days (identity attempts exceeded again)', {
      telefono: '984429652',
    }),
    row(
      '81000011',
      'identityQuestions',
      '11',
      '"11" no offer available (identity passed, no offer after it)',
      { telefono: '941488451' },
    ),
    row(
      '81000777',
      'account',
      null,
      'no bank account (non-banked): LD-Bancarizador offers disbursement at an office; other products ask for an account',
      { telefono: '901255890' },
    ),
    row(
      '81000101',
      'ldActivation',
      '01',
      'LD already activated: activacion-ld answers "01" (already in process)',
      { telefono: '992884716' },
    ),
    row('81000505', 'faemype', '05', 'business not eligible for FAE MYPE: faemype answers "05"', {
      telefono: '976325770',
    }),
    // Vende más (/vendemas) and FAE MYPE (/faemype): the 86 block.
    row(
      '86000000',
      'vendemas',
      '00',
      'vende más: eligible (as any unlisted DNI): the offer opens from the link texted to the phone on file, or after the identity questions',
    ),
    row('86000005', 'vendemas', '05', 'vende más: not in the campaign: "05" not qualified'),
    row('86000101', 'vendemas', '01', 'vende más: the offer was already taken: "01" a request in process'),
    row(
      '86000006',
      'vendemasLink',
      '06',
      'vende más: the link texted to the customer is tampered: opening it answers "06"',
    ),
    row(
      '86000007',
      'vendemasLink',
      '07',
      'vende más: the link texted to the customer has expired: opening it answers "07"',
    ),
    row(
      '86100000',
      'faemype',
      '00',
      'FAE MYPE: eligible business (as any unlisted DNI with a valid RUC and an activity the programme finances)',
    ),
    row(
      '86100005',
      'faemype',
      '05',
      'FAE MYPE: business not eligible: "05" (so is any business of public administration, activity 320)',
    ),
    row('86100101', 'faemype', '01', 'FAE MYPE: already granted to this customer: "01" a request in process'),
    row(
      '86300001',
      'contractsPrepared',
      '01',
      "the lender's back office prepares this customer's contract documents as soon as the confirmation data are saved: the page's generaContrato finds them generated and answers \"01\" (already in process, an alternate success) with them; the flow goes on",
    ),
    // LibreDisponibilidad (products 60, 61, 13, 23), LD-Bancarizador (35, 37) and /activacion-ld.
    row(
      '86200001',
      'ldActivationCode',
      '01',
      'LD signed (the signing code goes through); the code that accepts the FR activation letter cannot be sent now: activacion-ld\'s letter answers "01"',
    ),
    row(
      '86000060',
      'offer',
      '00',
      'LibreDisponibilidad eligible: the offer, the FR of 1.5 %, signature; the SMS brings the activation link',
      { telefono: '928159955' },
    ),
    row(
      '86000061',
      'offer',
      '05',
      '"05" not qualified: the credit is paid by monthly instalment, not through the Factor de Recaudo (both LD products)',
      { telefono: '907740296', factorRecaudo: 0 },
    ),
    row(
      '86000035',
      'offer',
      '00',
      'LD-Bancarizador eligible: no bank account, paid out at the office chosen, the LD-Bancarizador letter',
      { telefono: '949657626', banco: null },
    ),
    row(
      '86000036',
      'offer',
      '05',
      '"05" not qualified: no bank account and a credit paid by monthly instalment, not through the Factor de Recaudo',
      { telefono: '972833078', banco: null, factorRecaudo: 0 },
    ),
    row(
      '86000011',
      'ldActivation',
      '01',
      'LD-Bancarizador already activated (no bank account): activacion-ld answers "01" (credit already activated)',
      { telefono: '903299702', banco: null },
    ),
    row(
      '86200006',
      'ldActivationLink',
      '06',
      'LD signed: the activation link texted arrives altered, activacion-ld answers "06" (bad link)',
      { telefono: '989169566' },
    ),
    row(
      '86200007',
      'ldActivationLink',
      '07',
      'LD signed: the activation link texted has already expired, activacion-ld answers "07" (expired link)',
      { telefono: '957693024' },
    ),
    // The same two outcomes for a customer whose phone on file is the one they apply with (not
    // listed above), so the SMS after signing, with its activation link, reaches the phone typed.
    row(
      '86200101',
      'ldActivation',
      '01',
      'LD already activated; the phone on file is the one the customer applies with: the activation link texted after signing reaches it, and activacion-ld answers "01" (credit already activated)',
    ),
    row(
      '86200107',
      'ldActivationLink',
      '07',
      'LD signed; the phone on file is the one the customer applies with: the activation link texted to it has already expired, activacion-ld answers "07" (expired link)',
    ),
    row(
      '999',
      'debtInstitution',
      '03',
      'debt purchase: a declared institution with code "999" is not accepted ("03"); any other bank of the banks catalogue is',
    ),
  ],
};

/** A seeded promoter account (the login page's test users). */
export interface ScenarioPromoter {
  usuario: string;
  contrasena: string;
  codigoEntidad: number;
  canal: number;
  productos: number[];
}

/** Promoters (seeded accounts). Any other user or a wrong password fails login (modal 14). */
export const SCENARIO_PROMOTERS: readonly ScenarioPromoter[] = [
  { usuario: 'promotor', contrasena: 'Promotor2026', codigoEntidad: 1, canal: 5, productos: [30] },
  { usuario: 'aliado', contrasena: 'Aliado2026', codigoEntidad: 2001, canal: 2, productos: [30] },
  { usuario: 'externo', contrasena: 'Externo2026', codigoEntidad: 3020, canal: 3, productos: [30] },
  { usuario: 'interno', contrasena: 'Interno2026', codigoEntidad: 3021, canal: 4, productos: [30] },
  { usuario: 'taxista', contrasena: 'Taxista2026', codigoEntidad: 1008, canal: 2, productos: [31] },
];

/** Resume and observed links: a tampered token answers "06", an expired one "07". */
export const LINK_TOKEN_CODES = { tampered: '06', expired: '07' } as const;

/** Every table of SCENARIOS.md, served as JSON at `GET /__sandbox/scenarios`. */
export const SCENARIOS = {
  sections: [instant, vehicle, taxiSteps, conversion, otherProducts, customers],
  promoters: SCENARIO_PROMOTERS,
  linkTokens: LINK_TOKEN_CODES,
  happyPathExample: '45678912',
  rules: [
    'Every valid DNI not listed follows the happy path in every product.',
    'Without a listed DNI the real rules still apply: wrong answers give "01", three failures within 24 hours give "02", a second lockout within 30 days gives "03"; a wrong or expired SMS token gives "01".',
    'An applicant younger than 18 by birth date answers −2 at vehicle pre-evaluation without any listed DNI.',
    'Resume and observed links carry a signed token: a tampered token answers "06", an expired one "07".',
    'The generic failure: a request carrying the header X-Sandbox-Falla: 99 is validated as usual, then answered "99" in the code field by every call whose codes list "99" (src/server/sandbox/forced-failure.ts); other calls ignore it.',
    "The back office: POST /__sandbox/prospects/{id}/state with { estadoProspecto } moves a vehicle application to any vehicle state, as the lender's staff would between the applicant's visits; the next lookup answers it (a lookup that meets state 0, 12 or 28 runs the policy evaluation first, unless the move added { retenerEvaluacion: true }: then the evaluation stays pending, as upstream before the evaluation engine answers, and the lookups answer 0, 12 or 28 until the back office moves the application again).",
    'The analyst: POST /__sandbox/prospects/{id}/observation with { detalle: "02" } reviews an observed Credinstante application (evaluation result 2) and leaves nothing for the applicant to correct, as the lender\'s staff would after reading the supports or the observed policies; the observed-case link then answers "02" (an advisor will call) and supports sent after it answer "01".',
  ],
  settings: {
    SANDBOX_EVALUATION_DELAY_MS:
      'how long the policy evaluation takes before the socket answers; default 1500',
  },
} as const;

/**
 * The forced row for `documento` at `step` in `section`, or `undefined` when the identity
 * is not listed there (then the real rules decide). Vehicle pre-evaluation also applies
 * the `500000SS` / `590000NN` rules through {@link vehiclePreEvaluationState}.
 */
export function scenarioFor(
  section: ScenarioSectionId,
  documento: string,
  step?: string,
): ScenarioRow | undefined {
  const table = SCENARIOS.sections.find((s) => s.id === section);
  if (!table)
    throw new Error(
      `Unknown scenario section "${section}": use one of ${SCENARIOS.sections.map((s) => s.id).join(', ')}`,
    );
  return table.rows.find((r) => r.documento === documento && (step === undefined || r.step === step));
}

/** Vehicle pre-evaluation state forced by the DNI pattern: `500000SS` → SS, `590000NN` → −NN; otherwise `undefined`. */
export function vehiclePreEvaluationState(documento: string): number | undefined {
  const m = /^5(0|9)0000(\d\d)$/.exec(documento);
  if (!m) return undefined;
  const n = Number(m[2]);
  return m[1] === '0' ? n : -n;
}
