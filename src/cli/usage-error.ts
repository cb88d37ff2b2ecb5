/** A usage error: bad flags or values, or an input the user must fix. Exit code 2, like invalid input. */
export class UsageError extends Error {}
