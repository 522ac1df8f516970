import { describe, expect, it } from 'vitest';
import { parseActions } from './parse-actions';

const action = { buttonLabel: 'Ask', description: '', metadata: { userMessage: 'Why?' } };

describe('parseActions', () => {
  it('reads plain, fenced and surrounded JSON', () => {
    const json = JSON.stringify({ actions: [action] });
    expect(parseActions(json)).toEqual([action]);
    expect(parseActions('```json\n' + json + '\n```')).toEqual([action]);
    expect(parseActions(`Here you go: ${json} Enjoy.`)).toEqual([action]);
  });

  it('drops entries that are not actions and survives broken JSON', () => {
    const paper = {
      buttonLabel: 'Write it',
      description: 'd',
      metadata: { createPaper: { title: 'T', methodology: 'M', field: 'F' } },
    };
    expect(parseActions(JSON.stringify({ actions: [paper, { buttonLabel: 3 }, null] }))).toEqual([
      paper,
    ]);
    expect(parseActions('{"actions": [')).toEqual([]);
    expect(parseActions('no json')).toEqual([]);
  });
});
