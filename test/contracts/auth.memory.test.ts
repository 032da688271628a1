import { memoryAuth } from '../../src/adapters/auth/memoryAuth';
import { testAuthPort } from './auth.contract';

testAuthPort('memoryAuth', async ({ chooseGoogleAccount }) => memoryAuth({ chooseGoogleAccount }));
