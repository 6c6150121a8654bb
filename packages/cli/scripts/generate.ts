import { writeFile } from 'node:fs/promises';
import { openApiDocument } from './openapi-document.js';
import { SCHEMA_FILE, schemaText } from './schema-text.js';

// `npm run generate -w packages/cli`: src/api-schema.d.ts from the server's document of today
await writeFile(SCHEMA_FILE, await schemaText(await openApiDocument()));
process.stderr.write(`wrote ${SCHEMA_FILE}\n`);
