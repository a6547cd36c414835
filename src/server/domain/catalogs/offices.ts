/**
 * The lender's offices (lugares), partner entities and operation centres. Office names are the
 * district they sit in; the ubigeo is INEI coding.
 */

export interface Office {
  readonly codigo: number;
  readonly nombre: string;
  readonly direccion: string;
  readonly ubigeo: string;
  /** Whether the office can receive the applicant's vehicle documents (taxi server steps). */
  readonly recibeDocumentos: boolean;
}

export const OFFICES: readonly Office[] = [
  {
    codigo: 1,
    nombre: 'Oficina Principal - San Isidro',
    direccion: 'Av. Javier Prado Este 1250',
    ubigeo: '150131',
    recibeDocumentos: true,
  },
  {
    codigo: 2,
    nombre: 'Oficina Lima Cercado',
    direccion: 'Av. Nicolás de Piérola 850',
    ubigeo: '150101',
    recibeDocumentos: true,
  },
  {
    codigo: 3,
    nombre: 'Oficina San Juan de Lurigancho',
    direccion: 'Av. Próceres de la Independencia 1720',
    ubigeo: '150132',
    recibeDocumentos: true,
  },
  {
    codigo: 4,
    nombre: 'Oficina Los Olivos',
    direccion: 'Av. Carlos Izaguirre 410',
    ubigeo: '150117',
    recibeDocumentos: true,
  },
  {
    codigo: 5,
    nombre: 'Oficina Ate',
    direccion: 'Av. Nicolás Ayllón 2480',
    ubigeo: '150103',
    recibeDocumentos: true,
  },
  {
    codigo: 6,
    nombre: 'Oficina Villa El Salvador',
    direccion: 'Av. Revolución 1100',
    ubigeo: '150142',
    recibeDocumentos: false,
  },
  {
    codigo: 7,
    nombre: 'Oficina Callao',
    direccion: 'Av. Sáenz Peña 560',
    ubigeo: '070101',
    recibeDocumentos: true,
  },
  {
    codigo: 8,
    nombre: 'Oficina Arequipa',
    direccion: 'Av. Ejército 710',
    ubigeo: '040103',
    recibeDocumentos: true,
  },
  {
    codigo: 9,
    nombre: 'Oficina Trujillo',
    direccion: 'Av. España 1520',
    ubigeo: '130101',
    recibeDocumentos: true,
  },
  {
    codigo: 10,
    nombre: 'Oficina Chiclayo',
    direccion: 'Av. Balta 820',
    ubigeo: '140101',
    recibeDocumentos: false,
  },
  {
    codigo: 11,
    nombre: 'Oficina Piura',
    direccion: 'Av. Grau 1340',
    ubigeo: '200101',
    recibeDocumentos: false,
  },
];

export interface Entity {
  readonly codigoEntidad: number;
  readonly nombre: string;
  /** The channel the spec derives from the entity code (1 → 5, 3020 → 3, 3021 → 4, others → 2). */
  readonly canal: number;
}

/** The lender (1 and 1221) and the partner entities of the seeded promoters. */
export const ENTITIES: readonly Entity[] = [
  { codigoEntidad: 1, nombre: 'Financiera (oficinas propias)', canal: 5 },
  { codigoEntidad: 1221, nombre: 'Financiera (canal digital)', canal: 2 },
  { codigoEntidad: 1008, nombre: 'Aliado taxi', canal: 2 },
  { codigoEntidad: 2001, nombre: 'Aliado comercial', canal: 2 },
  { codigoEntidad: 3020, nombre: 'Promotores externos', canal: 3 },
  { codigoEntidad: 3021, nombre: 'Promotores internos', canal: 4 },
];

export interface OperationCentre {
  readonly codigo: number;
  readonly nombre: string;
  readonly ubigeo: string;
}

/** Where vehicles are delivered and GNV chips installed. */
export const OPERATION_CENTRES: readonly OperationCentre[] = [
  { codigo: 1, nombre: 'Centro de operaciones Lima Norte', ubigeo: '150135' },
  { codigo: 2, nombre: 'Centro de operaciones Lima Este', ubigeo: '150103' },
  { codigo: 3, nombre: 'Centro de operaciones Lima Sur', ubigeo: '150133' },
  { codigo: 4, nombre: 'Centro de operaciones Callao', ubigeo: '070101' },
  { codigo: 5, nombre: 'Centro de operaciones Arequipa', ubigeo: '040104' },
];
