/** The parser of `glossy` (no bundled types) the syslog receiver uses. */
declare module 'glossy' {
  export interface ParsedSyslog {
    prival: number;
    facilityID: number;
    severityID: number;
    type: string;
    time: Date | string;
    host: string;
    appName: string;
    pid: string;
    msgID: string;
    structuredData?: Record<string, Record<string, string>>;
    message: string;
  }
  export const Parse: { parse(message: string): ParsedSyslog };
}
