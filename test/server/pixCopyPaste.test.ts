// @vitest-environment node
import { getPixPayloadInfo, isValidPixPayload } from '@brazilian-utils/brazilian-utils';
import { describe, expect, it } from 'vitest';
import { pixCopyPaste } from '../../server/payments/pix';

describe('the simulated Pix "copia e cola"', () => {
  it('is the BR Code written out below for R$ 1.414,30 and session cs_sim_abcDEF123_-xyz, valid for @brazilian-utils', () => {
    const code = pixCopyPaste({ amountCentavos: 141430, txid: 'cs_sim_abcDEF123_-xyz' });
    expect(code).toBe(
      '000201' + // payload format 01
        '010212' + // point of initiation 12: one payment per code
        '26580014br.gov.bcb.pix01367d9f0335-8dcc-4054-9bf9-0dbd61440096' + // merchant account: the Pix key
        '52040000' + // merchant category
        '5303986' + // BRL
        '54071414.30' + // amount
        '5802BR' +
        '5913CLUB CLOTHING' +
        '6009SAO PAULO' +
        '62210517cssimabcDEF123xyz' + // reference: the session id's letters and digits
        '6304D772', // CRC16-CCITT-FALSE
    );
    expect(isValidPixPayload(code)).toBe(true);
    expect(getPixPayloadInfo(code)).toMatchObject({ pointOfInitiation: 'dynamic', amount: 1414.3 });
  });

  it('keeps the reference to the last 25 letters and digits of the session id', () => {
    const code = pixCopyPaste({ amountCentavos: 100, txid: `cs_sim_${'a'.repeat(20)}${'B1'.repeat(5)}` });
    expect(getPixPayloadInfo(code)?.txid).toBe(`${'a'.repeat(15)}${'B1'.repeat(5)}`);
    expect(isValidPixPayload(code)).toBe(true);
  });
});
