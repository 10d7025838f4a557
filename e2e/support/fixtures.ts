import { test as base, expect, type BrowserContext, type Page } from '@playwright/test';
import { newPhoneNumber, signInWithNewNumber } from './accounts';
import { E2eListings } from './listings';

export { expect };

/** What the global setup started (global-setup.ts), as the test workers find it in their environment. */
export interface Stack {
  baseUrl: string;
  databaseUrl: string;
}

export interface SignedIn {
  phoneNumber: string;
  page: Page;
}

type StorageState = Awaited<ReturnType<BrowserContext['storageState']>>;

/**
 * Console errors and uncaught exceptions of every page a test opens; any of them fails the test, but for
 * what a test allows (`consoleErrors.allow`) and what the product does here: Chromium logs each refusal
 * of the API (a 4xx: a wrong password, a name already taken) as "Failed to load resource", and the
 * screens show those, which the tests check. Device pictures come from our own storage, so a picture
 * the content security policy refuses is an error too.
 */
class ConsoleErrors {
  private readonly errors: string[] = [];
  private readonly allowed: RegExp[] = [];

  /** An error the test brings about on purpose, matched against the reported line (its text and where it came from). */
  allow(error: RegExp): void {
    this.allowed.push(error);
  }

  watch(context: BrowserContext): void {
    context.on('console', (message) => {
      const { url, lineNumber } = message.location();
      const apiRefusal = /^Failed to load resource: .* status of 4\d\d /.test(message.text()) && new URL(url).pathname.startsWith('/api/');
      if (message.type() === 'error' && !apiRefusal) this.errors.push(`console.error: ${message.text()} (${url}:${lineNumber})`);
    });
    context.on('weberror', (webError) => {
      const error = webError.error();
      this.errors.push(`uncaught: ${error.stack || `${error.name}: ${error.message}`}`);
    });
  }

  expectNone(): void {
    const unexpected = this.errors.filter((error) => !this.allowed.some((pattern) => pattern.test(error)));
    expect(unexpected, 'console errors or uncaught exceptions on the pages').toEqual([]);
  }
}

let visitors = 0;
/** An address of a private network no two tests of a run share (one test worker runs them all). */
function nextVisitorAddress(): string {
  visitors += 1;
  return `10.${(visitors >> 16) & 255}.${(visitors >> 8) & 255}.${visitors & 255}`;
}

interface TestFixtures {
  consoleErrors: ConsoleErrors;
  /** A seller with a new number, signed in through /login on the test's page. */
  seller: SignedIn & { password: string };
  /** Another person with a new number, signed in in a browser of their own on another network: the buyer who writes. */
  buyer: SignedIn;
  /** The admin number a test file uses (admins.ts): `test.use({ adminPhone: TEST_ADMIN_PHONES.<file> })`. */
  adminPhone: string | undefined;
  /** The file's admin (`adminPhone`), signed in on a page of its own. */
  admin: SignedIn;
}

interface WorkerFixtures {
  stack: Stack;
  /** Listings, sellers and brands written straight into the e2e database. */
  listings: E2eListings;
  /** Each admin's session after its first sign-in, the one that texts its password. */
  adminSessions: Map<string, StorageState>;
}

export const test = base.extend<TestFixtures, WorkerFixtures>({
  stack: [
    async ({}, use) => {
      const { E2E_BASE_URL, E2E_DATABASE_URL } = process.env;
      if (!E2E_BASE_URL || !E2E_DATABASE_URL) throw new Error('The stack is not running: run the browser tests with e2e/playwright.config.ts');
      await use({ baseUrl: E2E_BASE_URL, databaseUrl: E2E_DATABASE_URL });
    },
    { scope: 'worker' },
  ],
  baseURL: async ({ stack }, use) => use(stack.baseUrl),

  listings: [
    async ({}, use) => {
      const listings = await E2eListings.connect();
      await use(listings);
      await listings.close();
    },
    { scope: 'worker' },
  ],

  consoleErrors: [
    async ({}, use) => {
      const consoleErrors = new ConsoleErrors();
      await use(consoleErrors);
      consoleErrors.expectNone();
    },
    { auto: true },
  ],
  // Each test is another visitor on another network: the stack believes X-Forwarded-For from loopback
  // (TRUST_PROXY=loopback in global-setup.ts), so the limits per address (30 SMS an hour) count per test, as
  // they count per visitor, instead of one address running out of SMS halfway through the suite.
  extraHTTPHeaders: async ({}, use) => use({ 'X-Forwarded-For': nextVisitorAddress() }),
  context: async ({ context, consoleErrors }, use) => {
    consoleErrors.watch(context);
    await use(context);
  },

  seller: async ({ page }, use) => {
    const phoneNumber = newPhoneNumber();
    const password = await signInWithNewNumber(page, phoneNumber);
    await use({ phoneNumber, password, page });
  },

  buyer: async ({ browser, consoleErrors }, use) => {
    // Made inside the test, the context takes the test's options (baseURL, viewport) and is traced.
    const context = await browser.newContext({ extraHTTPHeaders: { 'X-Forwarded-For': nextVisitorAddress() } });
    consoleErrors.watch(context);
    const page = await context.newPage();
    const phoneNumber = newPhoneNumber();
    await signInWithNewNumber(page, phoneNumber);
    await use({ phoneNumber, page });
    await context.close();
  },

  adminPhone: [undefined, { option: true }],
  adminSessions: [async ({}, use) => use(new Map()), { scope: 'worker' }],
  admin: async ({ browser, adminPhone, adminSessions, consoleErrors }, use) => {
    if (!adminPhone) throw new Error('No admin number for this test: test.use({ adminPhone: TEST_ADMIN_PHONES.<file> })');
    // Made inside the test, the context takes the test's options (baseURL, viewport) and is traced.
    const context = await browser.newContext({ storageState: adminSessions.get(adminPhone) });
    consoleErrors.watch(context);
    const page = await context.newPage();
    if (!adminSessions.has(adminPhone)) {
      await signInWithNewNumber(page, adminPhone);
      adminSessions.set(adminPhone, await context.storageState());
    }
    await use({ phoneNumber: adminPhone, page });
    await context.close();
  },
});
