import { memoryAuth } from '../../src/adapters/auth/memory';
import { testAuthPort } from './auth.contract';

testAuthPort('memoryAuth', async ({ chooseGoogleAccount }) => memoryAuth({ chooseGoogleAccount }));
