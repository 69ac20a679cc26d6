// page-data's worker thread entry (./threads.ts): loads ./worker.ts with jiti, as Docusaurus
// loads the site's TypeScript configuration and plugins.
const path = require('node:path');
const createJiti = require('jiti');

createJiti(__filename, {interopDefault: true})(path.join(__dirname, 'worker.ts'));
