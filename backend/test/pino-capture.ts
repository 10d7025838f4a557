/**
 * A stand-in for the `pino` module that hands every line of the application's loggers to
 * `write` instead of standard output. jest hoists `jest.mock` above the imports, and the app's
 * imports load pino: so the factory requires this file itself, and `write` reaches the test's
 * lines only when called (jest lets a mock factory use variables named mock…):
 * `jest.mock('pino', () => require('./pino-capture').capturingPino((line: string) => mockLines.push(line)))`.
 */
export function capturingPino(write: (line: string) => void): unknown {
  const actual = jest.requireActual('pino');
  const capture = { write };
  const withCapture = Object.assign((options?: unknown, stream?: unknown) => actual(options, stream ?? capture), actual);
  withCapture.pino = withCapture;
  withCapture.default = withCapture;
  return withCapture;
}
