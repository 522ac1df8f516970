import { describe, expect, it } from 'vitest';
import type { RefineJob } from './api/paper-structure-api';
import { jobStatusText } from './job-status-text';
import { outlineFromSections } from './structure-outline';
import { dollars2, refineCost, startRefinementBlocked } from './refine-cost';
import { canGoNext, wizardSteps } from './wizard-steps';

const blank = { title: '', description: '', methodology: '', fieldOfResearch: '' };

describe('the wizard’s steps and Next (001 §2, §5)', () => {
  it('has four create steps, three for import and empty, two in edit mode', () => {
    expect(wizardSteps('create', 'scientific')).toEqual([
      'type',
      'properties',
      'upload',
      'structure',
    ]);
    expect(wizardSteps('create', 'import')).toHaveLength(3);
    expect(wizardSteps('create', 'empty')).toHaveLength(3);
    expect(wizardSteps('edit', 'scientific')).toEqual(['properties', 'upload']);
  });

  it('enables Next exactly as 001 §5 says', () => {
    const next = (
      step: Parameters<typeof canGoNext>[0],
      state: Partial<Parameters<typeof canGoNext>[1]>,
    ) => canGoNext(step, { type: 'scientific', properties: blank, files: [], ...state });
    expect(next('type', { type: null })).toBe(false);
    expect(next('type', {})).toBe(true);
    const titled = { ...blank, title: 'T' };
    expect(next('properties', { type: 'empty', properties: titled })).toBe(true);
    expect(next('properties', { type: 'essay', properties: titled })).toBe(false);
    expect(next('properties', { type: 'essay', properties: { ...titled, description: 'D' } })).toBe(
      true,
    );
    const described = { ...titled, description: 'D' };
    expect(next('properties', { properties: { ...described, methodology: 'Case Study' } })).toBe(
      false,
    );
    expect(
      next('properties', {
        properties: { ...described, methodology: 'Own method', fieldOfResearch: 'Physics' },
      }),
    ).toBe(true);
    expect(next('properties', { type: 'book', properties: described })).toBe(false);
    expect(
      next('properties', { type: 'book', properties: { ...described, fieldOfResearch: 'X' } }),
    ).toBe(true);
    expect(
      next('upload', { type: 'import', files: [{ uploaded: true }, { uploaded: false }] }),
    ).toBe(false);
    expect(next('upload', { type: 'import', files: [{ uploaded: true }] })).toBe(true);
    expect(next('upload', { type: 'assignment', files: [{ uploaded: false }] })).toBe(true);
  });
});

describe('the jobs list texts (002 §4)', () => {
  const job = (jobType: 'structure' | 'refine', status: string, extra: Partial<RefineJob> = {}) =>
    jobStatusText({ jobId: 'j', jobType, status, ...extra });
  it('names each state with the spec’s words', () => {
    expect(job('structure', 'pending')).toBe('Waiting to generate structure');
    expect(job('structure', 'processing')).toBe('Generating structure...');
    expect(job('structure', 'completed')).toBe('Structure ready - Save or Refine');
    expect(job('refine', 'pending')).toBe('Waiting to start refinement');
    expect(job('refine', 'completed')).toBe('Refinement complete - Ready to save');
    expect(job('refine', 'refining', { currentSection: 4, totalSections: 12, progress: 25 })).toBe(
      'Refining structure (25% - Section 4/12)',
    );
    expect(job('refine', 'refining', { currentSection: 4, totalSections: 12 })).toBe(
      'Refining structure (25% - Section 4/12)',
    );
  });
});

describe('the refinement cost (001 §9)', () => {
  it('charges the refinable sections (## to ####) and estimates the 4x expansion, with 2 decimals', () => {
    const nodes = outlineFromSections([
      { level: 2, title: 'A', purpose: 'p', works: [] },
      { level: 3, title: 'B', purpose: '', works: [] },
      { level: 4, title: 'C', purpose: 'p', works: [] },
      { level: 5, title: 'D', purpose: 'p', works: [] },
    ]);
    const cost = refineCost(nodes, 0.02);
    expect(cost).toMatchObject({ sections: 3, expandedSections: 12 });
    expect(dollars2(cost.refinement)).toBe('$0.06');
    expect(dollars2(cost.expandedWriting)).toBe('$0.24');
    expect(refineCost(nodes, undefined).costPerSection).toBe(0.05);
  });
});

describe('Start Refinement (001 §5)', () => {
  const cost = (sections: number) => ({ sections });
  it('is disabled without a model, without content sections, or by the balance', () => {
    expect(startRefinementBlocked({ modelChosen: false, cost: cost(3), balance: null })).toBe(
      'Please select a model first',
    );
    expect(startRefinementBlocked({ modelChosen: true, cost: cost(0), balance: null })).toBe(
      'No content sections found',
    );
    expect(startRefinementBlocked({ modelChosen: true, cost: cost(3), balance: 'Top up' })).toBe(
      'Top up',
    );
    expect(startRefinementBlocked({ modelChosen: true, cost: cost(3), balance: null })).toBeNull();
  });
});
