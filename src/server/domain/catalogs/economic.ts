/**
 * Economic sectors, economic activities, occupations and professions. The spec's defaults must
 * exist: sector 28, activity 338, profession 37 (a taxi or moto driver who carries passengers).
 */

export interface Coded {
  readonly codigo: number;
  readonly descripcion: string;
}

export interface Activity extends Coded {
  /** The sector this activity belongs to. */
  readonly sector: number;
}

export const SECTORS: readonly Coded[] = [
  { codigo: 1, descripcion: 'Agricultura, ganadería, caza y silvicultura' },
  { codigo: 2, descripcion: 'Pesca' },
  { codigo: 3, descripcion: 'Explotación de minas y canteras' },
  { codigo: 5, descripcion: 'Industrias manufactureras' },
  { codigo: 8, descripcion: 'Construcción' },
  { codigo: 12, descripcion: 'Comercio al por mayor' },
  { codigo: 13, descripcion: 'Comercio al por menor' },
  { codigo: 15, descripcion: 'Hoteles y restaurantes' },
  { codigo: 20, descripcion: 'Educación' },
  { codigo: 21, descripcion: 'Servicios sociales y de salud' },
  { codigo: 24, descripcion: 'Administración pública' },
  { codigo: 26, descripcion: 'Otras actividades de servicios' },
  { codigo: 28, descripcion: 'Transporte, almacenamiento y comunicaciones' },
];

export const ACTIVITIES: readonly Activity[] = [
  { codigo: 101, sector: 1, descripcion: 'Cultivo de hortalizas y legumbres' },
  { codigo: 105, sector: 1, descripcion: 'Cría de ganado' },
  { codigo: 120, sector: 2, descripcion: 'Pesca artesanal' },
  { codigo: 150, sector: 5, descripcion: 'Elaboración de productos de panadería' },
  { codigo: 160, sector: 5, descripcion: 'Fabricación de prendas de vestir' },
  { codigo: 170, sector: 5, descripcion: 'Fabricación de muebles' },
  { codigo: 210, sector: 8, descripcion: 'Construcción de edificios' },
  { codigo: 220, sector: 8, descripcion: 'Instalaciones eléctricas y sanitarias' },
  { codigo: 250, sector: 12, descripcion: 'Venta al por mayor de alimentos y bebidas' },
  { codigo: 260, sector: 13, descripcion: 'Bodega o venta al por menor de abarrotes' },
  { codigo: 261, sector: 13, descripcion: 'Venta al por menor en puestos de mercado' },
  { codigo: 262, sector: 13, descripcion: 'Venta de repuestos y accesorios de vehículos' },
  { codigo: 280, sector: 15, descripcion: 'Restaurantes y venta de comidas' },
  { codigo: 300, sector: 20, descripcion: 'Enseñanza' },
  { codigo: 310, sector: 21, descripcion: 'Servicios de salud' },
  { codigo: 320, sector: 24, descripcion: 'Administración pública' },
  { codigo: 330, sector: 26, descripcion: 'Peluquería y tratamientos de belleza' },
  { codigo: 331, sector: 26, descripcion: 'Reparación de vehículos automotores y motocicletas' },
  { codigo: 336, sector: 28, descripcion: 'Transporte de carga por carretera' },
  { codigo: 337, sector: 28, descripcion: 'Transporte urbano de pasajeros en mototaxi' },
  { codigo: 338, sector: 28, descripcion: 'Transporte de pasajeros en taxi' },
  { codigo: 339, sector: 28, descripcion: 'Servicio de reparto y mensajería' },
];

export const PROFESSIONS: readonly Coded[] = [
  { codigo: 1, descripcion: 'Abogado' },
  { codigo: 4, descripcion: 'Administrador' },
  { codigo: 8, descripcion: 'Contador' },
  { codigo: 12, descripcion: 'Enfermero' },
  { codigo: 15, descripcion: 'Ingeniero' },
  { codigo: 20, descripcion: 'Médico' },
  { codigo: 25, descripcion: 'Profesor' },
  { codigo: 30, descripcion: 'Técnico' },
  { codigo: 33, descripcion: 'Comerciante' },
  { codigo: 35, descripcion: 'Mecánico' },
  { codigo: 37, descripcion: 'Conductor' },
  { codigo: 40, descripcion: 'Sin profesión u oficio' },
];

export const OCCUPATIONS: readonly Coded[] = [
  { codigo: 1, descripcion: 'Dependiente' },
  { codigo: 2, descripcion: 'Independiente formal' },
  { codigo: 3, descripcion: 'Independiente informal' },
  { codigo: 4, descripcion: 'Jubilado' },
  { codigo: 5, descripcion: 'Estudiante' },
  { codigo: 6, descripcion: 'Ama de casa' },
];

/** The activities of one sector (every activity when `sector` is undefined). */
export function activitiesOf(sector?: number): Activity[] {
  return sector === undefined ? [...ACTIVITIES] : ACTIVITIES.filter((a) => a.sector === sector);
}
