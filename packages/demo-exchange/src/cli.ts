import { parseArgs } from 'node:util';
import { startDemoExchange, type DemoExchangeOptions } from './server';

/**
 * npm run demo-exchange -- --port 8787 [--seed N] [--casing deployed|spec] [--latency-ms N]
 *   [--state FILE] [--api-key K --api-secret S] [--control] [--freeze-prices]
 *   [--faults '{"next503":1,"latencyMs":200,"clockSkewMs":-8000}'] [--no-lending]
 *   [--region global|eu]
 */
function parseOptions(argv: string[]): DemoExchangeOptions {
  const { values } = parseArgs({
    args: argv,
    strict: true,
    options: {
      port: { type: 'string' },
      seed: { type: 'string' },
      casing: { type: 'string' },
      'latency-ms': { type: 'string' },
      state: { type: 'string' },
      'api-key': { type: 'string' },
      'api-secret': { type: 'string' },
      faults: { type: 'string' },
      'no-lending': { type: 'boolean' },
      control: { type: 'boolean' },
      'freeze-prices': { type: 'boolean' },
      region: { type: 'string' },
    },
  });
  const int = (flag: string, value: string | undefined): number | undefined => {
    if (value === undefined) return undefined;
    const n = Number(value);
    if (!Number.isInteger(n) || n < 0) throw new Error(`--${flag} needs a non-negative integer`);
    return n;
  };
  const options: DemoExchangeOptions = {};
  const port = int('port', values.port);
  const seed = int('seed', values.seed);
  const latencyMs = int('latency-ms', values['latency-ms']);
  if (port !== undefined) options.port = port;
  if (seed !== undefined) options.seed = seed;
  if (latencyMs !== undefined) options.latencyMs = latencyMs;
  if (values.casing !== undefined) {
    if (values.casing !== 'deployed' && values.casing !== 'spec')
      throw new Error('--casing is deployed or spec');
    options.casing = values.casing;
  }
  if (values.state !== undefined) options.statePath = values.state;
  if ((values['api-key'] === undefined) !== (values['api-secret'] === undefined)) {
    throw new Error('--api-key and --api-secret go together');
  }
  if (values['api-key'] !== undefined) options.apiKey = values['api-key'];
  if (values['api-secret'] !== undefined) options.apiSecret = values['api-secret'];
  if (values.faults !== undefined) {
    // JSON object of fault settings, e.g. '{"next503":2,"clockSkewMs":-8000}'.
    const parsed: unknown = JSON.parse(values.faults);
    if (!parsed || typeof parsed !== 'object') throw new Error('--faults needs a JSON object');
    options.faults = parsed as DemoExchangeOptions['faults'];
  }
  if (values['no-lending']) options.lendingAccess = false;
  if (values.control) options.control = true;
  if (values['freeze-prices']) options.freezePrices = true;
  if (values.region !== undefined) {
    if (values.region !== 'global' && values.region !== 'eu')
      throw new Error('--region is global or eu');
    options.region = values.region;
  }
  return options;
}

async function main(): Promise<void> {
  let options: DemoExchangeOptions;
  try {
    options = parseOptions(process.argv.slice(2));
  } catch (error) {
    console.error(String(error instanceof Error ? error.message : error));
    process.exit(2);
  }
  const exchange = await startDemoExchange(options);
  console.log(`Demo exchange listening on ${exchange.url}`);
  console.log(`API key: ${exchange.apiKey}`);
  console.log(`API secret: ${exchange.apiSecret}`);
  console.log(`OAuth client id: ${exchange.oauthClientId}`);
  console.log(`OAuth client secret: ${exchange.oauthClientSecret}`);
  if (exchange.control) console.log(`Control endpoint: ${exchange.url}/__control/`);
  const shutdown = () => {
    exchange.stop().then(
      () => process.exit(0),
      () => process.exit(1),
    );
  };
  process.once('SIGINT', shutdown);
  process.once('SIGTERM', shutdown);
}

main().catch((error: unknown) => {
  console.error('[demo-exchange] could not start:', error instanceof Error ? error.message : error);
  process.exit(1);
});
