/** Largest NF-e XML the node reads: 5 MB (an NF-e with 990 items is well under 2 MB). */
export const nfeXmlMaxBytes = 5 * 1024 * 1024;
