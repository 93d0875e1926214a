import addressparser from 'nodemailer/lib/addressparser';
import { describe, expect, it } from 'vitest';
import { parseRecipients } from '@ponte/engine/nodes/actions/send-email/address-list';

/**
 * The engine reads the 'Para', 'Cc' and 'Cco' lists itself (it imports no mail driver); here its
 * reading is held against nodemailer's own parser of address lists (RFC 5322), the one that
 * writes the headers: the same names and addresses for every way people type them.
 */
const lists = [
  'ana@exemplo.com.br',
  'Ana Souza <ana@exemplo.com.br>',
  'Ana Souza <ana@exemplo.com.br>, bia@exemplo.com.br',
  '"Silva, Caio" <caio@exemplo.com.br>; Dora <dora@exemplo.com.br>',
  '  João Ção <joao@exemplo.com.br> ,, ',
  '"Ana \\"A\\" Souza" <ana@exemplo.com.br>',
];

describe("the e-mail node's recipients, as nodemailer reads them", () => {
  // nodemailer reads `;` as the end of a group; people type it as a comma.
  it.each(lists)('%s', (text) => {
    const theirs = addressparser(text.replace(/;/g, ','), { flatten: true }).map((entry) => ({
      ...(entry.name ? { name: entry.name } : {}),
      address: entry.address,
    }));
    expect(parseRecipients(text)).toEqual(theirs);
  });
});
