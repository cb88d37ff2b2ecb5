/** The tool version recorded in every report (kept in step with package.json by a test). */
export const TOOL_NAME = 'csc-studio';
export const TOOL_VERSION = '0.1.0';
