import { prepareTemplate } from './database';

export default async function globalSetup(): Promise<void> {
  await prepareTemplate();
}
