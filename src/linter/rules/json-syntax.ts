import type { Node as JsonNode } from 'jsonc-parser';
import { parseFlow } from '../json-position.ts';
import type { Rule } from '../types.ts';

/** What to do about each kind of syntax error, in the words of someone editing the file. */
const HINTS: Readonly<Record<string, string>> = {
  CommaExpected: 'add the comma that separates two entries',
  PropertyNameExpected: 'a key in double quotes is expected here (is there a comma before "}"?)',
  ValueExpected: 'a value is expected here (is there a comma before "]" or "}", or a value missing?)',
  ColonExpected: 'put ":" between the key and its value',
  CloseBraceExpected: 'close the object with "}" (or add the missing comma)',
  CloseBracketExpected: 'close the list with "]" (or add the missing comma)',
  EndOfFileExpected: 'remove what follows the end of the document',
  InvalidSymbol: 'this character is not JSON: keys and texts go in double quotes',
  UnexpectedEndOfString: 'close the text with a double quote',
  InvalidEscapeCharacter: 'a backslash in a text must be doubled ("\\\\")',
  InvalidCommentToken: 'JSON has no comments: remove it',
};

/**
 * A form schema or the texts file that is not JSON gives a problem at the break, with what to
 * do there, instead of stopping the linter. (Flow files have the same check: `parse`.)
 */
export const rule: Rule = {
  id: 'json-syntax',
  meta: {
    description: 'Form schemas and texts are valid JSON.',
    severity: 'error',
    scope: 'project',
    messages: {
      syntax: 'The file is not valid JSON: {{error}}: {{hint}}.',
    },
  },
  check(ctx) {
    for (const source of ctx.env.files ?? []) {
      const { file, errors } = parseFlow(source.path, source.text);
      if (file.ok) continue;
      // The first break only: what follows it is often the same mistake seen again.
      for (const error of errors.slice(0, 1)) {
        const node = { type: 'null', offset: error.offset, length: 0 } as JsonNode;
        ctx.report({
          file,
          path: [],
          node,
          messageId: 'syntax',
          data: { error: error.message, hint: HINTS[error.message] ?? 'fix the text at this place' },
        });
      }
    }
  },
};
