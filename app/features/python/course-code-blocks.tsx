import { useEffect, useState } from "react";
import { createPortal } from "react-dom";
import { PythonExercise } from "./python-exercise";

/**
 * The programs of a Python course (```python blocks that are whole programs, marked `data-runnable` by the
 * content pipeline) get « Exécuter » and « Modifier » under them, once the page is hydrated. The course's
 * HTML is not React's: each block gets a host element after it, and the controls are rendered there.
 */
const NO_TEST = { inputs: [], timeout: 10, tests: [], reference: "" };

export function CourseCodeBlocks({ containerId, courseRef }: { containerId: string; courseRef: string }) {
  const [hosts, setHosts] = useState<{ host: HTMLElement; code: string }[]>([]);
  useEffect(() => {
    const container = document.getElementById(containerId);
    const blocks = container ? [...container.querySelectorAll<HTMLElement>("pre > code[data-runnable]")] : [];
    const created = blocks.map((code) => {
      const host = document.createElement("div");
      host.className = "not-prose";
      code.parentElement!.after(host);
      return { host, code: code.textContent ?? "" };
    });
    setHosts(created);
    return () => {
      for (const { host } of created) host.remove();
      setHosts([]);
    };
  }, [containerId, courseRef]);
  return (
    <>
      {hosts.map(({ host, code }, index) =>
        createPortal(
          <PythonExercise
            storageId={`${courseRef}#${index + 1}`}
            starter={code.replace(/\n$/, "")}
            spec={NO_TEST}
            editorFirst={false}
            label={`Programme ${index + 1} du cours`}
          />,
          host,
          `${courseRef}#${index}`,
        ),
      )}
    </>
  );
}
