import PDFDocument from 'pdfkit';
import type { Language } from '@portal/shared/i18n';
import type { PdfFont } from '../../lib/pdf-fonts';
import { labelsOf, majorAmount } from './books-labels';
import type { BooksFigures } from './books.service';

const MARGIN = 40;
const ROW = 16;
const FONT = 'books-cjk';

interface Column {
  label: string;
  width: number;
}

/**
 * The books as a PDF (A4 landscape) in the staff member's language: a money table per currency
 * (months, then the total) and the credits and plans table. Written with the CJK font so Chinese
 * prints; pdfkit embeds only the glyphs used.
 */
export function booksPdf(books: BooksFigures, language: Language, font: PdfFont): Promise<Buffer> {
  const l = labelsOf(language);
  const doc = new PDFDocument({
    size: 'A4',
    layout: 'landscape',
    margin: MARGIN,
    info: { Title: `${l.title} ${books.from} – ${books.to}` },
  });
  const chunks: Buffer[] = [];
  const done = new Promise<Buffer>((resolve, reject) => {
    doc.on('data', (chunk: Buffer) => chunks.push(chunk));
    doc.on('end', () => resolve(Buffer.concat(chunks)));
    doc.on('error', reject);
  });
  if (font.family) doc.registerFont(FONT, font.path, font.family);
  else doc.registerFont(FONT, font.path);
  doc.font(FONT);

  const pageBottom = () => doc.page.height - MARGIN;
  const table = (columns: Column[], rows: string[][]) => {
    const drawRow = (cells: string[], header: boolean) => {
      const height = header ? 2 * ROW : ROW;
      if (doc.y + height > pageBottom()) doc.addPage();
      const y = doc.y;
      let x = MARGIN;
      cells.forEach((cell, index) => {
        const column = columns[index]!;
        doc.fillColor(header ? '#111111' : '#222222').text(cell, x + 2, y + 3, {
          width: column.width - 4,
          height: height - 3,
          align: index === 0 ? 'left' : 'right',
          lineBreak: header,
          ellipsis: true,
        });
        x += column.width;
      });
      doc
        .moveTo(MARGIN, y + height)
        .lineTo(x, y + height)
        .strokeColor('#bbbbbb')
        .lineWidth(0.5)
        .stroke();
      doc.x = MARGIN;
      doc.y = y + height;
    };
    doc.fontSize(8);
    drawRow(
      columns.map((column) => column.label),
      true,
    );
    rows.forEach((row) => drawRow(row, false));
    doc.moveDown(1.2);
  };

  doc
    .fontSize(18)
    .fillColor('#111111')
    .text(`${l.title} · ${l.range(books.from, books.to)}`);
  doc.fontSize(9).fillColor('#444444').text(l.timeZone(books.timeZone));
  doc.text(l.asOf(books.asOf.toISOString()));
  doc.moveDown(1);

  const width = doc.page.width - 2 * MARGIN;
  const heading = (text: string) => {
    if (doc.y + 3 * ROW > pageBottom()) doc.addPage();
    doc.fontSize(12).fillColor('#111111').text(text, MARGIN);
    doc.moveDown(0.3);
  };

  if (books.currencies.length === 0) {
    doc.fontSize(10).fillColor('#222222').text(l.noMoney);
    doc.moveDown(1);
  }
  for (const currency of books.currencies) {
    heading(l.money(currency));
    const labels = [
      l.month,
      l.orders,
      l.ordersAmount,
      l.renewals,
      l.renewalsAmount,
      l.refunds,
      l.refundsAmount,
      l.revenue,
    ];
    const columns = labels.map((label) => ({ label, width: width / labels.length }));
    const cells = (row: (typeof books.totals)[number], first: string) => [
      first,
      String(row.ordersCount),
      majorAmount(row.ordersMinor, currency),
      String(row.renewalsCount),
      majorAmount(row.renewalsMinor, currency),
      String(row.refundsCount),
      majorAmount(row.refundsMinor, currency),
      majorAmount(row.revenueMinor, currency),
    ];
    table(columns, [
      ...books.money.filter((row) => row.currency === currency).map((row) => cells(row, row.month)),
      cells(
        books.totals.find((total) => total.currency === currency)!,
        l.total,
      ),
    ]);
  }

  heading(l.credits);
  const labels = [
    l.month,
    l.sold,
    l.consumed,
    l.takenBack,
    l.restored,
    l.outstanding,
    l.started,
    l.ended,
  ];
  table(
    labels.map((label) => ({ label, width: width / labels.length })),
    books.credits.map((row) => [
      row.month,
      String(row.sold),
      String(row.consumed),
      String(row.takenBack),
      String(row.restored),
      String(row.outstanding),
      String(row.membershipsStarted),
      String(row.membershipsEnded),
    ]),
  );
  doc.end();
  return done;
}
