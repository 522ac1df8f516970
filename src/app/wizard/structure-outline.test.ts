import { describe, expect, it } from 'vitest';
import { splitSections } from '../../shared/document';
import {
  addNodeAfter,
  canChangeLevel,
  canMove,
  changeLevel,
  moveNode,
  outlineFromMarkdown,
  outlineFromSections,
  outlineMarkdown,
  outlineWorks,
  removeNode,
  renameNode,
} from './structure-outline';

const work = (refId: string) => ({ refId, title: `Work ${refId}`, authors: ['Ada'], year: 2020 });

const sections = [
  { level: 2, title: 'Introduction', purpose: 'Why it matters.', works: [work('ref_aaaaaaaa')] },
  { level: 3, title: 'Background', purpose: 'What is known.', works: [work('ref_bbbbbbbb')] },
  { level: 2, title: 'Methods', purpose: 'How [it] is done.', works: [] },
  { level: 2, title: 'Results', purpose: '', works: [work('ref_aaaaaaaa')] },
];

const titles = (nodes: { title: string; level: number }[]) =>
  nodes.map((node) => `${node.level}:${node.title}`);

describe('the structure outline', () => {
  it('moves a heading with its subtree among its siblings only', () => {
    const nodes = outlineFromSections(sections);
    const intro = nodes[0]?.key ?? '';
    const background = nodes[1]?.key ?? '';
    expect(canMove(nodes, intro, -1)).toBe(false);
    expect(canMove(nodes, background, 1)).toBe(false);
    expect(titles(moveNode(nodes, intro, 1))).toEqual([
      '2:Methods',
      '2:Introduction',
      '3:Background',
      '2:Results',
    ]);
  });

  it('removes a subtree, adds after one, renames, and re-levels without skipping a level', () => {
    const nodes = outlineFromSections(sections);
    const [intro, background, methods] = nodes.map((node) => node.key);
    expect(titles(removeNode(nodes, intro ?? ''))).toEqual(['2:Methods', '2:Results']);
    const added = addNodeAfter(nodes, intro ?? '', 'Related Work');
    expect(titles(added.nodes)).toEqual([
      '2:Introduction',
      '3:Background',
      '2:Related Work',
      '2:Methods',
      '2:Results',
    ]);
    expect(titles(renameNode(nodes, methods ?? '', 'Data'))[2]).toBe('2:Data');
    expect(canChangeLevel(nodes, intro ?? '', 1)).toBe(false);
    expect(canChangeLevel(nodes, background ?? '', -1)).toBe(true);
    expect(titles(changeLevel(nodes, methods ?? '', 1))[2]).toBe('3:Methods');
    // Skipped levels from a server are closed up.
    expect(titles(outlineFromSections([{ ...sections[0]!, level: 4 }]))).toEqual([
      '2:Introduction',
    ]);
  });

  it('writes headings with purpose comments and citations, and reads them back', () => {
    const nodes = outlineFromSections(sections);
    const markdown = outlineMarkdown('Open access', nodes);
    expect(markdown).toContain(
      '# Open access\n\n## Introduction\n\n[[Why it matters.]] [ref_aaaaaaaa]',
    );
    const split = splitSections(markdown);
    expect(split.map((section) => section.sectionTitle)).toEqual([
      'Open access',
      'Introduction',
      'Background',
      'Methods',
      'Results',
    ]);
    const known = new Map(outlineWorks(nodes).map((entry) => [entry.refId, entry]));
    const back = outlineFromMarkdown(markdown, known);
    expect(
      back.map(({ level, title, purpose, works }) => ({ level, title, purpose, works })),
    ).toEqual(sections);
    expect(outlineWorks(nodes).map((entry) => entry.refId)).toEqual([
      'ref_aaaaaaaa',
      'ref_bbbbbbbb',
    ]);
  });

  it('reads a refined section’s first paragraph as its purpose when it has no comment', () => {
    const back = outlineFromMarkdown(
      '# T\n\n## Intro\n\n### Scope\n\nDefines the scope [ref_cccccccc].\n\nMore text.',
      new Map(),
    );
    expect(back.map((node) => [node.level, node.title, node.purpose])).toEqual([
      [2, 'Intro', ''],
      [3, 'Scope', 'Defines the scope .'],
    ]);
    expect(back[1]?.works.map((entry) => entry.refId)).toEqual(['ref_cccccccc']);
  });
});
