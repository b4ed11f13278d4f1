import { it } from 'vitest';
import { aCard, aPay, startFacts, DECLINING } from '/work/wt-facts/packages/server/test/conformance/clients.js';
it('probe', async () => {
  const f = await startFacts();
  console.log(JSON.stringify(await aPay(f, { customData: 'x' }), null, 1));
  console.log(JSON.stringify(await aPay(f, { paymentOption: { card: aCard(DECLINING) } })));
  await f.gw.close();
});
