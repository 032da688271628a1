// `node --import tsx test/ui/support/prerenderSeed.ts <dist> <origin> <shell>`: the build's prerender
// (scripts/prerender.ts, as `npm run build` runs it after Parcel) of the seed catalog in memory, into <dist>, with
// <shell> as Parcel's index.html. In a process of its own, as in the build: test/ui/hydration.test.tsx hydrates
// what it writes, and React's server renderer must not share its contexts with the client renderer (a finished
// server render leaves the last values it pushed in them, which a client <Router> would inherit).
import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { catalog } from '../../../seed/seedCatalog';
import { memoryCatalog } from '../../../src/adapters/catalog/memoryCatalog';
import { prerenderSite } from '../../../scripts/prerender';

const [distDir, origin, shell] = process.argv.slice(2);
if (!distDir || !origin || !shell) throw new Error('usage: prerenderSeed.ts <dist> <origin> <shell>');
writeFileSync(join(distDir, 'index.html'), shell);
const result = await prerenderSite({ distDir, catalog: memoryCatalog(catalog), origin });
process.stdout.write(JSON.stringify(result));
