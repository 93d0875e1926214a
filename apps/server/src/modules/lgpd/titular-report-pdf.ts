import type PDFDocument from 'pdfkit';
import { loadOnce } from '@ponte/shared/load-once';
import type { TitularReport, TitularReportPlace } from './titular-report';

export interface PdfOptions {
  /** Deflate the page contents (default); tests turn it off to read the text. */
  compress?: boolean;
}

type Doc = InstanceType<typeof PDFDocument>;

/** pdfkit (and its fonts' code), loaded on the first report (docs/adr/0127). */
const loadPdfkit = loadOnce(() => import('pdfkit'));

const grey = '#555555';

function heading(doc: Doc, report: TitularReport) {
  doc.font('Helvetica-Bold').fontSize(16).fillColor('black').text(report.title);
  doc.moveDown(0.5).font('Helvetica').fontSize(10);
  const lines: [string, string][] = [
    ['Workspace', report.workspace],
    ['Tipo de atendimento', report.kind],
    ['Data', report.at],
    ['Solicitado por', report.by],
    ['Titular', report.titular],
  ];
  for (const [label, value] of lines) {
    doc.font('Helvetica-Bold').text(`${label}: `, { continued: true });
    doc.font('Helvetica').text(value);
  }
  doc.moveDown();
}

function placeSection(doc: Doc, place: TitularReportPlace, erasure: boolean) {
  doc.font('Helvetica-Bold').fontSize(12).fillColor('black').text(place.name);
  doc.font('Helvetica').fontSize(10);
  const masked = place.masked ? ` (${place.masked} só como rastro mascarado)` : '';
  doc.text(`Encontrados: ${place.found}${masked}`);
  if (erasure && place.found > 0) {
    doc.text(`O que foi feito: ${place.action ?? ''}: ${place.done ?? 0}.`);
    const kept = place.kept ? ` (${place.kept} rastro(s) mascarado(s) mantido(s))` : '';
    doc.text(`Busca depois da exclusão: ${place.after ?? 0}${kept}.`);
  }
  for (const item of place.items) {
    const when = item.at ? ` — ${item.at}` : '';
    const where = item.where ? ` (${item.where})` : '';
    const trace = item.masked ? ' [rastro mascarado]' : '';
    doc.fillColor(grey).text(`• ${item.what}${where}${when}${trace}`, { indent: 10 });
  }
  for (const note of place.notes)
    doc.fillColor(grey).font('Helvetica-Oblique').text(note, { indent: 10 });
  doc.fillColor('black').font('Helvetica').moveDown(0.8);
}

/**
 * The report as a PDF (A4, Helvetica, whose encoding holds every letter of Portuguese): who
 * asked, when, the titular masked, each place with its counts and hits, and for an erasure what
 * was done and the search after it.
 */
export async function titularReportPdf(
  report: TitularReport,
  options: PdfOptions = {},
): Promise<Buffer> {
  const { default: Pdf } = await loadPdfkit();
  const doc = new Pdf({
    size: 'A4',
    margin: 50,
    compress: options.compress ?? true,
    info: { Title: report.title, Author: 'Ponte' },
    lang: 'pt-BR',
  });
  const chunks: Buffer[] = [];
  const done = new Promise<Buffer>((resolve, reject) => {
    doc.on('data', (chunk: Buffer) => chunks.push(chunk));
    doc.on('end', () => resolve(Buffer.concat(chunks)));
    doc.on('error', reject);
  });
  heading(doc, report);
  if (report.erasure) {
    doc
      .font('Helvetica-Bold')
      .text(
        `Exclusão concluída. A busca feita logo depois encontrou ${report.totalAfter} ${
          report.totalAfter === 1 ? 'ocorrência' : 'ocorrências'
        } dos dados deste titular.`,
      )
      .moveDown();
  }
  for (const place of report.places) placeSection(doc, place, report.erasure);
  doc.end();
  return done;
}
