import PDFDocument from 'pdfkit';
import { CLASS_TYPE_LABELS } from '@portal/shared/catalogue';
import type { Language, MessageKey } from '@portal/shared/i18n';
import { translate } from '../../lib/catalogue';
import type { PdfFont } from '../../lib/pdf-fonts';
import type { MonthlyStatement, StatementLesson, StatementStatus } from './statement.service';

const MARGIN = 40;
const ROW = 16;
const FONT = 'statement-cjk';
const INK = '#111111';
const TEXT = '#222222';
const MUTED = '#555555';
const RULE = '#bbbbbb';

/** The statement's titles and column names in the parent's language. */
const LABELS = {
  en: {
    title: 'Monthly statement',
    parent: (name: string) => `Parent: ${name}`,
    timeZone: (zone: string) => `Dates and times in ${zone}`,
    generated: (at: string) => `Made on ${at}`,
    credits: 'Credits',
    opening: 'Opening balance',
    purchased: 'Credits bought',
    rewards: 'Free and reward credits',
    lessons: 'Credits used by lessons',
    refunds: 'Credits taken back by refunds',
    other: 'Other corrections',
    closing: 'Closing balance',
    balanceNote:
      'Balances are paid and reward credits on your account (credits set aside for scheduled lessons included).',
    lessonsOf: (name: string, count: number) =>
      `Lessons of ${name} (${count} ${count === 1 ? 'lesson' : 'lessons'})`,
    lessonsTitle: 'Lessons',
    noLessons: 'No lessons in this month.',
    date: 'Date',
    time: 'Time',
    course: 'Course',
    type: 'Class type',
    status: 'Status',
    required: 'Credits required',
    used: 'Credits used',
    total: 'Total',
    topUps: 'Top-ups',
    noTopUps: 'No credits bought in this month.',
    order: 'Order',
    item: 'Item',
    amount: 'Amount',
    creditsCol: 'Credits',
    refundsTitle: 'Refunds',
    noRefunds: 'No refunds in this month.',
    refund: 'Refund',
    takenBack: 'Credits taken back',
    page: (page: number, pages: number) => `Page ${page} of ${pages}`,
    continued: (title: string) => `${title}, continued`,
  },
  zh_CN: {
    title: '月度对账单',
    parent: (name: string) => `家长：${name}`,
    timeZone: (zone: string) => `日期和时间按 ${zone} 显示`,
    generated: (at: string) => `生成于 ${at}`,
    credits: '课时',
    opening: '期初余额',
    purchased: '购买课时',
    rewards: '赠送与奖励课时',
    lessons: '上课消耗课时',
    refunds: '退款收回课时',
    other: '其他调整',
    closing: '期末余额',
    balanceNote: '余额为账户中的付费课时与奖励课时（含为已排课程预留的课时）。',
    lessonsOf: (name: string, count: number) => `${name} 的课程（${count} 节）`,
    lessonsTitle: '课程',
    noLessons: '本月没有课程。',
    date: '日期',
    time: '时间',
    course: '课程',
    type: '班型',
    status: '状态',
    required: '所需课时',
    used: '消耗课时',
    total: '合计',
    topUps: '充值',
    noTopUps: '本月没有购买课时。',
    order: '订单号',
    item: '项目',
    amount: '金额',
    creditsCol: '课时',
    refundsTitle: '退款',
    noRefunds: '本月没有退款。',
    refund: '退款号',
    takenBack: '收回课时',
    page: (page: number, pages: number) => `第 ${page} 页，共 ${pages} 页`,
    continued: (title: string) => `${title}（续）`,
  },
} as const satisfies Record<Language, unknown>;

const STATUS_KEYS: Record<StatementStatus, MessageKey> = {
  scheduled: 'statementScheduled',
  onAir: 'statementOnAir',
  completed: 'statementCompleted',
  cancelled: 'statementCancelled',
  leave: 'statementLeave',
  noShow: 'statementNoShow',
};

/** Minor units → "USD 1234.50" exactly (no floats); JPY-like currencies without decimals. */
export function moneyText(minor: number, currency: string): string {
  let digits = 2;
  try {
    digits =
      new Intl.NumberFormat('en', { style: 'currency', currency }).resolvedOptions()
        .maximumFractionDigits ?? 2;
  } catch {
    // An unknown code: two decimals.
  }
  const sign = minor < 0 ? '-' : '';
  const text = String(Math.abs(minor)).padStart(digits + 1, '0');
  const major = digits === 0 ? text : `${text.slice(0, -digits)}.${text.slice(-digits)}`;
  return `${currency} ${sign}${major}`;
}

/** A change of credits with its sign ("+10", "-3", "0"). */
const signed = (credits: number) => (credits > 0 ? `+${credits}` : String(credits));

interface Column {
  label: string;
  /** Share of the page's width. */
  width: number;
  align?: 'left' | 'right';
}

/**
 * The monthly statement as a pdfkit document (A4 portrait) in the parent's language, ended and
 * ready to be piped: the credit balance from the month's start to its end with the month's
 * changes by kind, each child's lessons (date and time in the parent's zone, course, credits),
 * top-ups and refunds. Written with the CJK font so Chinese prints; pdfkit embeds only the
 * glyphs used. Pages are numbered at the end, so the document is buffered until then.
 */
export function statementPdfDocument(
  statement: MonthlyStatement,
  language: Language,
  font: PdfFont,
): PDFKit.PDFDocument {
  const l = LABELS[language];
  const doc = new PDFDocument({
    size: 'A4',
    margin: MARGIN,
    bufferPages: true,
    info: { Title: `${l.title} ${statement.month}` },
  });
  if (font.family) doc.registerFont(FONT, font.path, font.family);
  else doc.registerFont(FONT, font.path);
  doc.font(FONT);

  const width = doc.page.width - 2 * MARGIN;
  // Leave room for the page number at the bottom.
  const pageBottom = () => doc.page.height - MARGIN - ROW;

  /**
   * A table across the page: a header row (unless `header: false`) repeated on each new page
   * under `continued` (which table goes on), the rows, and an optional shaded total row.
   */
  const table = (
    columns: Column[],
    rows: string[][],
    options: {
      totalRow?: string[];
      header?: boolean;
      continued?: string;
      /** Share of the page's width (default all). */
      share?: number;
    } = {},
  ) => {
    const labels = columns.map((column) => column.label);
    const tableWidth = width * (options.share ?? 1);
    doc.fontSize(8);
    const headerHeight = Math.max(
      ROW,
      ...columns.map(
        (column) => doc.heightOfString(column.label, { width: column.width * tableWidth - 6 }) + 7,
      ),
    );
    const drawRow = (cells: string[], kind: 'header' | 'body' | 'total') => {
      const height = kind === 'header' ? headerHeight : ROW;
      const y = doc.y;
      let x = MARGIN;
      if (kind !== 'body')
        doc.rect(MARGIN, y, tableWidth, height).fill(kind === 'header' ? '#eef1f5' : '#f6f6f6');
      cells.forEach((cell, index) => {
        const column = columns[index]!;
        const cellWidth = column.width * tableWidth;
        doc.fillColor(kind === 'body' ? TEXT : INK).text(cell, x + 3, y + 4, {
          width: cellWidth - 6,
          height: height - 4,
          align: column.align ?? 'left',
          lineBreak: kind === 'header',
          ellipsis: true,
        });
        x += cellWidth;
      });
      doc
        .moveTo(MARGIN, y + height)
        .lineTo(MARGIN + tableWidth, y + height)
        .strokeColor(RULE)
        .lineWidth(0.5)
        .stroke();
      doc.x = MARGIN;
      doc.y = y + height;
    };
    const newPage = () => {
      doc.addPage();
      if (options.continued)
        doc.fontSize(9).fillColor(MUTED).text(options.continued, MARGIN, doc.y, { width });
      doc.moveDown(0.3);
      doc.fontSize(8);
      if (options.header !== false) drawRow(labels, 'header');
    };
    if (options.header !== false) drawRow(labels, 'header');
    else
      doc
        .moveTo(MARGIN, doc.y)
        .lineTo(MARGIN + tableWidth, doc.y)
        .strokeColor(RULE)
        .lineWidth(0.5)
        .stroke();
    for (const row of rows) {
      if (doc.y + ROW > pageBottom()) newPage();
      drawRow(row, 'body');
    }
    if (options.totalRow) {
      if (doc.y + ROW > pageBottom()) newPage();
      drawRow(options.totalRow, 'total');
    }
    doc.moveDown(1.2);
  };

  const heading = (text: string) => {
    // A heading never ends a page alone: it keeps its table's header and a first row with it.
    if (doc.y + 5 * ROW > pageBottom()) doc.addPage();
    doc.fontSize(12).fillColor(INK).text(text, MARGIN, doc.y, { width });
    doc.moveDown(0.3);
  };
  const empty = (text: string) => {
    doc.fontSize(9).fillColor(MUTED).text(text, MARGIN, doc.y, { width });
    doc.moveDown(1.2);
  };

  // The title block.
  doc.fontSize(18).fillColor(INK).text(`${l.title} · ${statement.month}`, MARGIN, MARGIN);
  doc.moveDown(0.2);
  doc.fontSize(9).fillColor(MUTED);
  if (statement.parentName) doc.text(l.parent(statement.parentName));
  doc.text(l.timeZone(statement.timeZone));
  doc.text(l.generated(statement.generatedAt));
  doc.moveDown(1);

  // The credits at both ends of the month, and what changed them.
  const moves = statement.moves;
  heading(l.credits);
  table(
    [
      { label: l.credits, width: 0.7 },
      { label: '', width: 0.3, align: 'right' },
    ],
    [
      [l.opening, String(statement.openingCredits)],
      [l.purchased, signed(moves.purchased)],
      [l.rewards, signed(moves.rewards)],
      [l.lessons, signed(moves.lessons)],
      [l.refunds, signed(moves.refunds)],
      ...(moves.other !== 0 ? [[l.other, signed(moves.other)]] : []),
    ],
    { totalRow: [l.closing, String(statement.closingCredits)], header: false, share: 0.6 },
  );
  doc.moveUp(0.6);
  empty(l.balanceNote);

  // Each child's lessons.
  const lessonColumns: Column[] = [
    { label: l.date, width: 0.14 },
    { label: l.time, width: 0.08 },
    { label: l.course, width: 0.3 },
    { label: l.type, width: 0.13 },
    { label: l.status, width: 0.13 },
    { label: l.required, width: 0.11, align: 'right' },
    { label: l.used, width: 0.11, align: 'right' },
  ];
  const lessonRow = (lesson: StatementLesson) => [
    lesson.date,
    lesson.time,
    language === 'en' ? lesson.subject.en : lesson.subject.zh,
    CLASS_TYPE_LABELS[lesson.classType][language],
    translate(language, STATUS_KEYS[lesson.status]),
    String(lesson.creditsRequired),
    String(lesson.creditsConsumed),
  ];
  if (statement.children.length === 0) {
    heading(l.lessonsTitle);
    empty(l.noLessons);
  }
  for (const child of statement.children) {
    heading(l.lessonsOf(child.nickname, child.lessons.length));
    table(lessonColumns, child.lessons.map(lessonRow), {
      totalRow: [
        l.total,
        '',
        '',
        '',
        '',
        String(child.lessons.reduce((sum, lesson) => sum + lesson.creditsRequired, 0)),
        String(child.lessons.reduce((sum, lesson) => sum + lesson.creditsConsumed, 0)),
      ],
      continued: l.continued(l.lessonsOf(child.nickname, child.lessons.length)),
    });
  }

  // Credits bought.
  heading(l.topUps);
  if (statement.topUps.length === 0) empty(l.noTopUps);
  else
    table(
      [
        { label: l.date, width: 0.15 },
        { label: l.order, width: 0.22 },
        { label: l.item, width: 0.3 },
        { label: l.creditsCol, width: 0.13, align: 'right' },
        { label: l.amount, width: 0.2, align: 'right' },
      ],
      statement.topUps.map((topUp) => [
        topUp.date,
        topUp.orderNo,
        language === 'en' ? topUp.title.en : topUp.title.zh,
        String(topUp.credits),
        moneyText(topUp.amountMinor, topUp.currency),
      ]),
      { continued: l.continued(l.topUps) },
    );

  // Refunds.
  heading(l.refundsTitle);
  if (statement.refunds.length === 0) empty(l.noRefunds);
  else
    table(
      [
        { label: l.date, width: 0.15 },
        { label: l.refund, width: 0.2 },
        { label: l.order, width: 0.2 },
        { label: l.amount, width: 0.2, align: 'right' },
        { label: l.takenBack, width: 0.25, align: 'right' },
      ],
      statement.refunds.map((refund) => [
        refund.date,
        refund.refundNo,
        refund.orderNo,
        moneyText(refund.amountMinor, refund.currency),
        String(refund.creditsTakenBack),
      ]),
      { continued: l.continued(l.refundsTitle) },
    );

  // Page numbers, once the number of pages is known.
  const range = doc.bufferedPageRange();
  for (let index = range.start; index < range.start + range.count; index += 1) {
    doc.switchToPage(index);
    const bottom = doc.page.margins.bottom;
    // Writing inside the bottom margin would start a new page: lift the margin while writing.
    doc.page.margins.bottom = 0;
    doc
      .fontSize(8)
      .fillColor(MUTED)
      .text(
        `${l.title} · ${statement.month} · ${l.page(index + 1, range.count)}`,
        MARGIN,
        doc.page.height - MARGIN + 8,
        { width, align: 'center', lineBreak: false },
      );
    doc.page.margins.bottom = bottom;
  }
  doc.end();
  return doc;
}

/** The whole statement PDF in memory (the data export's ZIP). */
export function statementPdfBuffer(
  statement: MonthlyStatement,
  language: Language,
  font: PdfFont,
): Promise<Buffer> {
  const doc = statementPdfDocument(statement, language, font);
  return new Promise<Buffer>((resolve, reject) => {
    const chunks: Buffer[] = [];
    doc.on('data', (chunk: Buffer) => chunks.push(chunk));
    doc.on('end', () => resolve(Buffer.concat(chunks)));
    doc.on('error', reject);
  });
}
