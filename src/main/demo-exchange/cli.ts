import { startDemoExchange, type DemoExchangeOptions } from './server';

/**
 * npm run demo-exchange -- --port 8787 [--seed N] [--casing spec|camel] [--latency-ms N]
 *   [--state FILE] [--api-key K --api-secret S] [--control] [--freeze-prices]
 *   [--faults '{"next503":1,"latencyMs":200,"clockSkewMs":-8000}'] [--no-lending]
 */
function parseArgs(argv: string[]): DemoExchangeOptions {
  const options: DemoExchangeOptions = {};
  const int = (flag: string, value: string | undefined): number => {
    const n = Number(value);
    if (value === undefined || !Number.isInteger(n) || n < 0)
      throw new Error(`${flag} needs a non-negative integer`);
    return n;
  };
  for (let i = 0; i < argv.length; i++) {
    const flag = argv[i];
    const value = argv[i + 1];
    const take = (): string => {
      if (value === undefined) throw new Error(`${flag} needs a value`);
      i++;
      return value;
    };
    switch (flag) {
      case '--port':
        options.port = int(flag, take());
        break;
      case '--seed':
        options.seed = int(flag, take());
        break;
      case '--casing': {
        const casing = take();
        if (casing !== 'spec' && casing !== 'camel') throw new Error('--casing is spec or camel');
        options.casing = casing;
        break;
      }
      case '--latency-ms':
        options.latencyMs = int(flag, take());
        break;
      case '--state':
        options.statePath = take();
        break;
      case '--api-key':
        options.apiKey = take();
        break;
      case '--api-secret':
        options.apiSecret = take();
        break;
      case '--faults': {
        // JSON object of fault settings, e.g. '{"next503":2,"clockSkewMs":-8000}'.
        const parsed: unknown = JSON.parse(take());
        if (!parsed || typeof parsed !== 'object') throw new Error('--faults needs a JSON object');
        options.faults = parsed as DemoExchangeOptions['faults'];
        break;
      }
      case '--no-lending':
        options.lendingAccess = false;
        break;
      case '--control':
        options.control = true;
        break;
      case '--freeze-prices':
        options.freezePrices = true;
        break;
      default:
        throw new Error(`unknown option ${flag}`);
    }
  }
  if ((options.apiKey === undefined) !== (options.apiSecret === undefined)) {
    throw new Error('--api-key and --api-secret go together');
  }
  return options;
}

async function main(): Promise<void> {
  let options: DemoExchangeOptions;
  try {
    options = parseArgs(process.argv.slice(2));
  } catch (error) {
    console.error(String(error instanceof Error ? error.message : error));
    process.exit(2);
  }
  const ex = await startDemoExchange(options);
  console.log(`Demo exchange listening on ${ex.url}`);
  console.log(`API key: ${ex.apiKey}`);
  console.log(`API secret: ${ex.apiSecret}`);
  console.log(`OAuth client id: ${ex.oauthClientId}`);
  console.log(`OAuth client secret: ${ex.oauthClientSecret}`);
  if (ex.control) console.log(`Control endpoint: ${ex.url}/__control/`);
  const shutdown = () => {
    ex.stop().finally(() => process.exit(0));
  };
  process.once('SIGINT', shutdown);
  process.once('SIGTERM', shutdown);
}

main().catch((error: unknown) => {
  console.error('[demo-exchange] could not start:', error instanceof Error ? error.message : error);
  process.exit(1);
});
