import { STYLE_GUIDE_MESSAGES, type StyleGuide, type StyleGuideData } from '../../../shared/style-guide.schema';
import type { Executor } from '../../db/client';
import { styleGuides, type StyleGuideRow, type SubmissionRow } from '../../db/schema';
import { forbidden } from '../../lib/http-error';
import { newId } from '../../lib/ids';
import { heldBy, holderColumn, holderKey, holderOf, holderOfOrder, type CustomerHolder } from '../organisations';
import { compileHouseStyle, type HouseStyleMatcher } from './matcher';

function toStyleGuide(holder: CustomerHolder, row: StyleGuideRow | undefined): StyleGuide {
  return {
    owner: 'organisationId' in holder ? 'organisation' : 'account',
    organisationName: holder.organisationName,
    canEdit: holder.canEdit,
    spellingVariant: row?.spellingVariant ?? null,
    terms: (row?.terms ?? []).map(({ term, kind, replacement }) => ({ term, kind, replacement })),
    rules: row?.rules ?? '',
    updatedAt: row?.updatedAt.toISOString() ?? null,
  };
}

/** GET /api/style-guide and /api/v1/style-guide: the guide of the caller's orders (empty until first saved). */
export async function readStyleGuide(db: Executor, userId: string): Promise<StyleGuide> {
  const holder = await holderOf(db, userId);
  const [row] = await db.select().from(styleGuides).where(heldBy(styleGuides, holder)).limit(1);
  return toStyleGuide(holder, row);
}

/** PUT: replaces the whole guide. An organisation's owners edit it; its members get 403; a lone account edits its own. */
export async function replaceStyleGuide(db: Executor, userId: string, input: StyleGuideData): Promise<StyleGuide> {
  const holder = await holderOf(db, userId);
  if (!holder.canEdit) throw forbidden(STYLE_GUIDE_MESSAGES.memberCannotEdit(holder.organisationName));
  const values = { spellingVariant: input.spellingVariant, terms: input.terms, rules: input.rules, updatedBy: userId, updatedAt: new Date() };
  const [row] = await db
    .insert(styleGuides)
    .values({ id: newId(), ...holderKey(holder), ...values })
    .onConflictDoUpdate({ target: holderColumn(styleGuides, holder), set: values })
    .returning();
  return toStyleGuide(holder, row);
}

/** A guide that says nothing (no terms, no rules, no variant) does not apply: the workspace and report show nothing. */
function isEmpty(row: StyleGuideRow): boolean {
  return row.terms.length === 0 && row.rules.trim() === '' && row.spellingVariant === null;
}

/** The guide of an order: its organisation's when the order is an organisation's, else its placer's own. */
export async function styleGuideOfOrder(db: Executor, order: Pick<SubmissionRow, 'userId' | 'organisationId'>): Promise<StyleGuideRow | null> {
  const [row] = await db.select().from(styleGuides).where(heldBy(styleGuides, holderOfOrder(order))).limit(1);
  return row && !isEmpty(row) ? row : null;
}

/** Compiled matchers by guide and version (a save changes updatedAt): compiled once, reused by every check. */
const MATCHER_CACHE_LIMIT = 200;
const matchers = new Map<string, HouseStyleMatcher>();

export function matcherFor(row: Pick<StyleGuideRow, 'id' | 'updatedAt' | 'terms'>): HouseStyleMatcher {
  const key = `${row.id}:${row.updatedAt.getTime()}`;
  let matcher = matchers.get(key);
  if (matcher) {
    // Most recently used last, so the oldest is the first to go.
    matchers.delete(key);
  } else {
    matcher = compileHouseStyle(row.terms);
    if (matchers.size >= MATCHER_CACHE_LIMIT) matchers.delete(matchers.keys().next().value!);
  }
  matchers.set(key, matcher);
  return matcher;
}

export interface OrderHouseStyleCheck {
  row: StyleGuideRow;
  matcher: HouseStyleMatcher;
}

/** What the workspace's language checks need of an order's house style, or null when none applies. */
export async function houseStyleCheckOfOrder(db: Executor, order: Pick<SubmissionRow, 'userId' | 'organisationId'>): Promise<OrderHouseStyleCheck | null> {
  const row = await styleGuideOfOrder(db, order);
  return row ? { row, matcher: matcherFor(row) } : null;
}
