/** The Python sandbox (/python-bac-a-sable): the ECG imports ready, and programs to start from. */
export const SANDBOX_PROGRAM_ID = "bac-a-sable";
export const SANDBOX_STARTER = `import numpy as np
import numpy.random as rd
import numpy.linalg as al
import matplotlib.pyplot as plt

# Écrivez votre programme ici, puis « Exécuter ».
`;

export const SANDBOX_EXAMPLES = [
  {
    label: "Simuler des lancers de dé",
    code: `import numpy as np
import numpy.random as rd

# 10 000 lancers d'un dé équilibré : fréquence de chaque face
lancers = rd.randint(1, 7, 10000)
for face in range(1, 7):
    print(face, np.mean(lancers == face))
`,
  },
  {
    label: "Résoudre un système linéaire",
    code: `import numpy as np
import numpy.linalg as al

# x + 2y - z = -3 ; 2x - y + z = 8 ; -x + y + 2z = 3
A = np.array([[1, 2, -1], [2, -1, 1], [-1, 1, 2]])
B = np.array([-3, 8, 3])
print("rang de A :", al.matrix_rank(A))
print("solution :", al.solve(A, B))
`,
  },
  {
    label: "Tracer une fonction",
    code: `import numpy as np
import matplotlib.pyplot as plt

x = np.linspace(-2, 2, 200)
plt.plot(x, np.exp(x), label="exp")
plt.plot(x, 1 + x, label="1 + x")
plt.legend()
plt.grid()
plt.title("La courbe de exp au-dessus de sa tangente en 0")
plt.show()
`,
  },
  {
    label: "Une suite récurrente",
    code: `# u(0) = 1 et u(n+1) = (u(n) + 2 / u(n)) / 2 : la méthode de Héron pour racine de 2
u = 1
for n in range(1, 6):
    u = (u + 2 / u) / 2
    print(n, u)
`,
  },
] as const;
