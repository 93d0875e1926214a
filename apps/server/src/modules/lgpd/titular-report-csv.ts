import { stringify } from 'csv-stringify/sync';
import { csvFormats, neutralize, stringifyOptions } from '../../lib/csv-format';
import type { TitularReport } from './titular-report';

const format = csvFormats.excel;
const bom = '\ufeff';

/**
 * The report as a Brazilian spreadsheet opens it (docs/adr/0078): `;`, UTF-8 with BOM, dates
 * DD/MM/YYYY HH:mm at São Paulo. First who asked and when, then a line per place with its
 * counts, then a line per hit listed.
 */
export function titularReportCsv(report: TitularReport): string {
  const rows: string[][] = [
    [report.title],
    ['Workspace', report.workspace],
    ['Tipo', report.kind],
    ['Data', report.at],
    ['Solicitado por', report.by],
    ['Titular', report.titular],
    [],
    report.erasure
      ? [
          'Lugar',
          'Encontrados',
          'Rastros mascarados',
          'O que foi feito',
          'Feitos',
          'Busca depois',
          'Rastros mascarados mantidos',
          'Observações',
        ]
      : ['Lugar', 'Encontrados', 'Rastros mascarados', 'Observações'],
    ...report.places.map((place) =>
      report.erasure
        ? [
            place.name,
            format.number(place.found),
            format.number(place.masked),
            place.action ?? '',
            format.number(place.done ?? 0),
            format.number(place.after ?? 0),
            format.number(place.kept ?? 0),
            place.notes.join(' '),
          ]
        : [
            place.name,
            format.number(place.found),
            format.number(place.masked),
            place.notes.join(' '),
          ],
    ),
    ...(report.erasure
      ? [[], ['Encontrados pela busca depois da exclusão', format.number(report.totalAfter)]]
      : []),
    [],
    ['Lugar', 'Item', 'Onde', 'Data', 'Rastro mascarado'],
    ...report.places.flatMap((place) =>
      place.items.map((item) => [
        place.name,
        item.what,
        item.where,
        item.at,
        format.boolean(item.masked),
      ]),
    ),
  ];
  const cells = rows.map((row) => row.map(neutralize));
  return bom + stringify(cells, stringifyOptions(format));
}
