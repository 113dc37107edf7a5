// One target's lines among several: each line, annotation and group title starts with the target's
// label, `[e2e] ✔ 3/7 lint (12s)`. Remote lines stay as they are (the port fences them); progress lines
// become plain lines, since several targets cannot share one line that replaces itself.
import type { AnnotationProps, Log } from '../ports.ts';

export function prefixedLog(log: Log, label: string): Log {
  const prefix = `[${label}] `;
  const titled = (props: AnnotationProps | undefined): AnnotationProps =>
    props?.title !== undefined ? { ...props, title: prefix + props.title } : { ...props, title: label };
  return {
    info: (line) => log.info(prefix + line),
    debug: (line) => log.debug(prefix + line),
    warning: (message, props) => log.warning(prefix + message, titled(props)),
    error: (message, props) => log.error(prefix + message, titled(props)),
    remote: (lines) => log.remote(lines),
    ...(log.remoteText ? { remoteText: (text: string) => log.remoteText!(text) } : {}),
    startGroup: (title) => log.startGroup(prefix + title),
    endGroup: () => log.endGroup(),
    ...(log.drained ? { drained: () => log.drained!() } : {}),
  };
}
