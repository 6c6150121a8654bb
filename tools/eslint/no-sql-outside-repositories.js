/**
 * SQL lives in repositories (`*.repository.ts`) and `db/`: this rule reports a string or template
 * literal that reads as an SQL statement anywhere else it is applied (eslint.config.js says where).
 * Statements are recognised by their opening words in capitals, as this codebase writes SQL, so
 * prose such as "Select a file" and HTTP methods such as 'DELETE' are not taken for SQL.
 */
const STATEMENT =
  /^\s*(?:SELECT\b|INSERT\s+INTO\b|UPDATE\s+[\w."]+\s+SET\b|DELETE\s+FROM\b|WITH\s+(?:RECURSIVE\s+)?\w+\s+AS\b|MERGE\s+INTO\b|TRUNCATE\b|SAVEPOINT\b|RELEASE\s+SAVEPOINT\b|ROLLBACK\b|LISTEN\b|NOTIFY\b|CREATE\s+(?:TABLE|INDEX|SCHEMA|FUNCTION|TRIGGER)\b|ALTER\s+TABLE\b|DROP\s+(?:TABLE|INDEX|SCHEMA|FUNCTION|TRIGGER)\b)/;

/** @type {import('eslint').Rule.RuleModule} */
const rule = {
  meta: {
    type: 'problem',
    docs: { description: 'keep SQL statements in *.repository.ts files (and db/)' },
    schema: [],
    messages: {
      sql: 'SQL belongs in a *.repository.ts file of the module: move this statement there and call it.',
    },
  },
  create(context) {
    const check = (node, text) => {
      if (STATEMENT.test(text)) context.report({ node, messageId: 'sql' });
    };
    return {
      Literal(node) {
        if (typeof node.value === 'string') check(node, node.value);
      },
      TemplateLiteral(node) {
        // the text with each ${…} as a placeholder word, as the statement would read
        check(node, node.quasis.map((q) => q.value.cooked ?? q.value.raw).join('x'));
      },
    };
  },
};

export default {
  meta: { name: 'local-sql' },
  rules: { 'no-sql-outside-repositories': rule },
};
