import { memoryUsers } from '../../src/adapters/users/memoryUsers';
import { testUsersPort } from './users.contract';

testUsersPort('memoryUsers', async ({ documents }) => memoryUsers([], { documents }));
