import { stripMarkup } from '../../citations/markup';

const ENTITIES: Record<string, string> = { amp: '&', lt: '<', gt: '>', quot: '"', apos: "'" };

/** An abstract (JATS-style XML, 000 §3) as plain text for prompts and checks. */
export function plainAbstract(abstract: string | null): string {
  if (!abstract) return '';
  return stripMarkup(abstract).replace(
    /&(amp|lt|gt|quot|apos);/g,
    (_entity, name: string) => ENTITIES[name] ?? '',
  );
}
