import { describe, expect, it } from 'vitest';
import { compileCatalogue, compileMessage, parseCatalogue } from './catalogue';

describe('a catalogue', () => {
  it('is read as its flat keys and messages, or refused naming the file and where its JSON breaks', () => {
    expect(parseCatalogue('{ "a.b": "A" }', 'staff/en.json')).toEqual({ 'a.b': 'A' });
    expect(() => parseCatalogue('{\n  "a.b": "A"\n  "a.c": "C"\n}', 'staff/de.json')).toThrow(
      /^staff\/de\.json is not valid JSON: .*\(line 3 column 3\)$/,
    );
    expect(() => parseCatalogue('["a.b"]', 'staff/fr.json')).toThrow(
      'staff/fr.json is not an object of keys and their messages',
    );
    expect(() => parseCatalogue('{ "a.b": { "c": "C" } }', 'staff/es.json')).toThrow(
      'staff/es.json: the message of a.b is not a text',
    );
  });

  it('compiles each ICU message, naming the key of a malformed one; a compiled one stays as it is', () => {
    const compiled = compileCatalogue({ 'a.n': '{n, plural, one {# ball} other {# balls}}', 'a.t': 'Roll' });
    expect(compiled['a.t']).toEqual(['Roll']);
    expect(compileMessage('a.n', compiled['a.n'])).toBe(compiled['a.n']);
    expect(() => compileMessage('a.bad', 'Hello {name')).toThrow(/^Message a\.bad is not valid ICU: /);
  });
});
