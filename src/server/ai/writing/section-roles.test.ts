import { describe, expect, it } from 'vitest';
import { roleOfTitle, ruleBasedSequence, sectionRoles, type OutlineSection } from './section-roles';

const section = (
  sectionNumber: string,
  sectionTitle: string,
  sectionLevel = 2,
): OutlineSection => ({
  sectionNumber,
  sectionTitle,
  sectionLevel,
});

const numbers = (sections: OutlineSection[]) => sections.map((s) => s.sectionNumber);

describe('rule-based writing order', () => {
  it('writes an empirical paper from methods and results to introduction and abstract', () => {
    const paper = [
      section('0', 'Abstract'),
      section('1', 'Introduction'),
      section('2', 'Materials and Methods'),
      section('3', 'Results'),
      section('4', 'Discussion'),
      section('5', 'Conclusions'),
    ];
    expect(numbers(ruleBasedSequence(paper))).toEqual(['2', '3', '4', '5', '1', '0']);
  });

  it('keeps the document order of sections whose role is unknown, between results and discussion', () => {
    const paper = [
      section('1', 'Introduction'),
      section('2', 'Related Work'),
      section('3', 'Background'),
      section('4', 'Method'),
      section('5', 'Findings'),
      section('6', 'Discussion'),
    ];
    expect(numbers(ruleBasedSequence(paper))).toEqual(['4', '5', '2', '3', '6', '1']);
  });

  it('gives subsections their parent heading role', () => {
    const paper = [
      section('1', 'Introduction'),
      section('2', 'Methods'),
      section('2.1', 'Participants and setting', 3),
      section('2.2', 'Instruments', 3),
      section('3', 'Results'),
      section('3.1', 'Accuracy', 3),
      section('4', 'Open questions'),
    ];
    expect(sectionRoles(paper)).toEqual([
      'introduction',
      'methods',
      'methods',
      'methods',
      'results',
      'results',
      null,
    ]);
    expect(numbers(ruleBasedSequence(paper))).toEqual(['2', '2.1', '2.2', '3', '3.1', '4', '1']);
  });

  it('leaves a paper without known roles in document order', () => {
    const paper = [section('1', 'Origins'), section('2', 'Debates'), section('3', 'Legacy')];
    expect(numbers(ruleBasedSequence(paper))).toEqual(['1', '2', '3']);
  });

  it('recognises roles by word, not by substring', () => {
    expect(roleOfTitle('Summary of the Results')).toBe('results');
    expect(roleOfTitle('Methodological debates in sociology')).toBeNull();
    expect(roleOfTitle('5. Conclusion and Outlook')).toBe('conclusion');
  });
});
