import { describe, expect, it } from 'vitest';
import type { WritingJob, WritingJobSection } from './api/writing-api';
import { jobEnded, progressText } from './job-state';

function section(sectionTitle: string, status: WritingJobSection['status']): WritingJobSection {
  return {
    sectionIndex: 0,
    sectionNumber: '2',
    sectionTitle,
    sectionLevel: 2,
    status,
    content: '',
    customInstructions: null,
    citations: [],
    flags: [],
    error: null,
    startedAt: null,
    completedAt: null,
  };
}

function job(status: string, sections: WritingJobSection[]): WritingJob {
  return {
    jobId: 'j',
    status,
    currentIndex: 0,
    createdAt: '',
    completed: false,
    active: true,
    error: null,
    metadata: { reasoning: '' },
    sections,
  };
}

describe('the writing job state', () => {
  it('ends when every section is completed or failed, or the job itself ended', () => {
    expect(jobEnded(job('in_progress', [section('A', 'completed'), section('B', 'failed')]))).toBe(
      true,
    );
    expect(jobEnded(job('in_progress', [section('A', 'completed'), section('B', 'writing')]))).toBe(
      false,
    );
    expect(jobEnded(job('failed', [section('A', 'pending')]))).toBe(true);
    expect(jobEnded(job('cancelled', [section('A', 'pending')]))).toBe(true);
  });

  it('says which section is being written and how it ended', () => {
    const running = job('in_progress', [
      section('Methods', 'completed'),
      section('Results', 'writing'),
    ]);
    expect(progressText(running)).toBe('Writing section 2 of 2: 2 Results');
    expect(
      progressText(job('completed', [section('A', 'completed'), section('B', 'failed')])),
    ).toBe('Finished: 1 of 2 sections written, 1 failed');
    expect(progressText(job('completed', [section('A', 'completed')]))).toBe(
      'Finished: the section is written',
    );
    expect(
      progressText(job('completed', [section('A', 'completed'), section('B', 'completed')])),
    ).toBe('Finished: all 2 sections written');
    expect(
      progressText(job('cancelled', [section('A', 'completed'), section('B', 'pending')])),
    ).toBe('Cancelled after 1 of 2 sections');
  });
});
