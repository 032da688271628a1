import { memoryUsers } from '../../src/adapters/users/memory';
import { testUsersPort } from './users.contract';

testUsersPort('memoryUsers', async ({ documents }) => memoryUsers([], { documents }));
