import {
  labelMessages,
  paginate,
  type DeletedAnswer,
  type Paged,
  type PublicLabel,
  type createLabelBody,
  type labelsQuery,
  type updateLabelBody,
} from '@hfm/shared';
import type { z } from 'zod';
import type { AppContext } from '../../context.js';
import { badRequest, notFound } from '../../errors/app-error.js';
import { requireAdmin, type Actor } from '../access/index.js';
import { findGenresByIds } from '../genres/index.js';
import { toPublicLabel } from './labels.presenter.js';
import {
  countLabelRows,
  deleteLabelRow,
  findLabelRow,
  insertLabelRow,
  listLabelRows,
  updateLabelRow,
} from './labels.repository.js';

type CreateLabel = z.output<typeof createLabelBody>;
type UpdateLabel = z.output<typeof updateLabelBody>;
type LabelsQuery = z.output<typeof labelsQuery>;

/** Record labels, a page at a time, newest first unless asked otherwise (createdAt, updatedAt or name). */
export async function listLabels(ctx: AppContext, actor: Actor, query: LabelsQuery): Promise<Paged<PublicLabel>> {
  requireAdmin(actor);
  const [rows, total] = await Promise.all([
    listLabelRows(ctx.db, {
      sort: query.sort,
      order: query.order,
      offset: (query.page - 1) * query.limit,
      limit: query.limit,
    }),
    countLabelRows(ctx.db),
  ]);
  return { items: rows.map(toPublicLabel), pagination: paginate(query.page, query.limit, total) };
}

/** GET /api/labels/{id}: admins, as the list. */
export async function getLabel(ctx: AppContext, actor: Actor, id: string): Promise<PublicLabel> {
  requireAdmin(actor);
  const row = await findLabelRow(ctx.db, id);
  if (!row) throw notFound(labelMessages.noSuchLabel);
  return toPublicLabel(row);
}

/** A label's genres are ids of genres that exist, each once, in the order given. */
async function checkedGenres(ctx: AppContext, ids: string[] | undefined): Promise<string[] | undefined> {
  if (ids === undefined) return undefined;
  const unique = [...new Set(ids.map((id) => id.toLowerCase()))];
  const found = await findGenresByIds(ctx.db, unique);
  if (unique.some((id) => !found.has(id))) throw badRequest(labelMessages.genres, { genres: labelMessages.genres });
  return unique;
}

/** The spec's label save without an id: a new label, active unless said otherwise. */
export async function createLabel(ctx: AppContext, actor: Actor, body: CreateLabel): Promise<PublicLabel> {
  requireAdmin(actor);
  const genres = (await checkedGenres(ctx, body.genres)) ?? [];
  const row = await insertLabelRow(ctx.db, { ...body, genres });
  return toPublicLabel(row);
}

/** The spec's label save with an id: the fields sent change, updatedAt moves. */
export async function updateLabel(ctx: AppContext, actor: Actor, id: string, body: UpdateLabel): Promise<PublicLabel> {
  requireAdmin(actor);
  const genres = await checkedGenres(ctx, body.genres);
  const patch = Object.fromEntries(
    Object.entries({ ...body, genres }).filter(([, value]) => value !== undefined),
  ) as Partial<CreateLabel>;
  const row = await updateLabelRow(ctx.db, id, patch);
  if (!row) throw notFound(labelMessages.noSuchLabel);
  return toPublicLabel(row);
}

export async function deleteLabel(ctx: AppContext, actor: Actor, id: string): Promise<DeletedAnswer> {
  requireAdmin(actor);
  if (!(await deleteLabelRow(ctx.db, id))) throw notFound(labelMessages.noSuchLabel);
  return { id, deleted: true };
}
