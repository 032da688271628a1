// The shapes of a delivery quote: the services, the zones, what is shipped and what a quote answers. Types only,
// so both the quote (delivery.ts) and the texts shown of it (deliveryOptions.ts) import them without importing
// each other.
import type { Uf } from './cep';

export type DeliveryServiceId = 'economica' | 'expressa';

/**
 * Price zones from the São Paulo warehouse: the state itself, then the IBGE macro-regions by distance. SP is its
 * own zone because most of our parcels stay in it and the carriers price it apart.
 */
export type DeliveryZone = 'SP' | 'SE' | 'S' | 'CO' | 'NE' | 'N';

/** One line of what is being shipped: its category decides its weight, its price counts towards free delivery. */
export interface ParcelLine {
  categoryId: string | null;
  quantity: number;
  /** centavos */
  unitAmount: number;
}

export interface DeliveryOption {
  service: DeliveryServiceId;
  name: string;
  /** centavos; 0 when free */
  amount: number;
  free: boolean;
  businessDays: { min: number; max: number };
  /** Calendar days in Brasília, 'YYYY-MM-DD', national holidays and weekends skipped. */
  window: { from: string; to: string };
}

export interface DeliveryQuote {
  cep: string;
  uf: Uf;
  zone: DeliveryZone;
  weightGrams: number;
  /** The products total the quote was made for, in centavos. */
  subtotal: number;
  /** 'YYYY-MM-DD': the Brasília day the quote was made; the window counts from it. */
  quotedOn: string;
  /** Econômica, then Expressa. */
  options: DeliveryOption[];
}
