/**
 * A Pix "copia e cola" payload (BR Code, the Banco Central's EMV QR Code Merchant Presented Mode): TLV fields, the
 * merchant account template `br.gov.bcb.pix` with a (fictitious) random key, the amount, and a CRC16-CCITT-FALSE
 * checksum (field 63). The simulated page draws it as a QR code; no bank will ever see it.
 * Written here rather than with @brazilian-utils' generatePixPayload: that one writes field 01 (point of
 * initiation 12, one payment per code) only for a PSP location URL, never next to a key, and this code is per
 * checkout session. The tests read it back with the same library's getPixPayloadInfo and isValidPixPayload.
 */
const tlv = (id: string, value: string) => `${id}${String(value.length).padStart(2, '0')}${value}`;

/** CRC16-CCITT-FALSE (poly 0x1021, init 0xFFFF), 4 uppercase hex digits: what BR Code field 63 carries. */
function crc16(payload: string): string {
  let crc = 0xffff;
  for (const byte of Buffer.from(payload, 'utf8')) {
    crc ^= byte << 8;
    for (let bit = 0; bit < 8; bit++) crc = crc & 0x8000 ? ((crc << 1) ^ 0x1021) & 0xffff : (crc << 1) & 0xffff;
  }
  return crc.toString(16).toUpperCase().padStart(4, '0');
}

/** The simulated merchant's Pix key (an EVP random key format; it belongs to nobody). */
export const SIMULATED_PIX_KEY = '7d9f0335-8dcc-4054-9bf9-0dbd61440096';

export function pixCopyPaste({
  amountCentavos,
  txid,
  merchantName = 'CLUB CLOTHING',
  city = 'SAO PAULO',
}: {
  amountCentavos: number;
  txid: string;
  merchantName?: string;
  city?: string;
}): string {
  const reference = txid.replace(/[^A-Za-z0-9]/g, '').slice(-25) || '***';
  const payload =
    tlv('00', '01') +
    tlv('01', '12') + // dynamic-looking, single use
    tlv('26', tlv('00', 'br.gov.bcb.pix') + tlv('01', SIMULATED_PIX_KEY)) +
    tlv('52', '0000') +
    tlv('53', '986') + // BRL
    tlv('54', (amountCentavos / 100).toFixed(2)) +
    tlv('58', 'BR') +
    tlv('59', merchantName.slice(0, 25)) +
    tlv('60', city.slice(0, 15)) +
    tlv('62', tlv('05', reference)) +
    '6304';
  return payload + crc16(payload);
}
