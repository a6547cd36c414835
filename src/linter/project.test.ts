import { describe, expect, it } from 'vitest';
import { parseFlow } from './json-position.ts';
import { FlowProject, includeNameOf } from './project.ts';

const file = (path: string, data: unknown) => parseFlow(path, JSON.stringify(data)).file;

describe('FlowProject includes', () => {
  const fragment = file('flows/fragments/firma.json', {
    id: 'firma',
    steps: { firmaCarga: { number: 101, view: 'loading', next: { goto: 'aprobacion' } } },
  });
  const host = file('flows/moto.json', {
    id: 'moto',
    include: ['fragments/firma'],
    steps: { aprobacion: { number: 7, view: 'letter', next: { goto: 'firmaCarga' } } },
  });

  it('names a flow file by its path under flows/, without .json', () => {
    expect(includeNameOf('flows/fragments/firma.json')).toBe('fragments/firma');
    expect(includeNameOf('/work/app/flows/moto.json')).toBe('moto');
    expect(includeNameOf('elsewhere/moto.json')).toBeUndefined();
  });

  it('resolves a fragment in a folder by that name, both ways', () => {
    const project = new FlowProject([host, fragment]);
    expect(project.included(host)).toEqual([fragment]);
    expect(project.includedBy(fragment)).toEqual([host]);
    // The fragment may name the host's steps, and the host the fragment's.
    expect(project.stepIds(fragment)).toEqual(new Set(['firmaCarga', 'aprobacion']));
    expect(project.stepIds(host)).toEqual(new Set(['firmaCarga', 'aprobacion']));
  });

  it('still resolves a fragment by its id, and nothing else', () => {
    const byId = file('flows/otro.json', { id: 'otro', include: ['firma'], steps: {} });
    expect(new FlowProject([byId, fragment]).included(byId)).toEqual([fragment]);
    const unknown = file('flows/otro.json', { id: 'otro', include: ['fragments/firmas'], steps: {} });
    expect(new FlowProject([unknown, fragment]).included(unknown)).toEqual([]);
  });
});
