### Las palabras del entrenador de argumentos (ver words/en/coach.ftl).

# Cierra la conversación cuando la última parte está guardada y el argumento, completo.
coach-argument-complete = Tu argumento está completo: las siete partes están guardadas en tu borrador. Aún puedes cambiar cualquier parte o guardar el argumento entero para entregarlo.

coach-opening-question = { $step ->
    [claim] Empecemos por tu tesis: ¿qué postura quieres defender, en una frase?
    [grounds] Ahora los datos: ¿qué hechos, cifras o ejemplos apoyan tu tesis?
    [warrant] Ahora la garantía: ¿por qué esos datos demuestran que tu tesis es cierta?
    [groundsBacking] Respaldo de los datos: ¿de dónde salen tus pruebas y por qué son fiables?
    [warrantBacking] Respaldo de la garantía: ¿qué hace creíble la relación entre datos y tesis?
    [qualifier] El matizador: ¿con qué fuerza afirmas tu tesis: siempre, normalmente, probablemente?
   *[rebuttal] Por último, la refutación: ¿en qué casos no se cumpliría tu tesis?
}

coach-step-meaning = { $step ->
    [claim] La tesis es la postura que defiendes, en una frase clara.
    [grounds] Los datos son los hechos, cifras o ejemplos que apoyan tu tesis.
    [warrant] La garantía explica por qué tus datos apoyan tu tesis.
    [groundsBacking] El respaldo de los datos dice de dónde salen tus pruebas y por qué son fiables.
    [warrantBacking] El respaldo de la garantía muestra por qué es creíble la relación entre datos y tesis.
    [qualifier] El matizador dice con qué fuerza afirmas tu tesis: siempre, normalmente, probablemente.
   *[rebuttal] La refutación nombra los casos en los que tu tesis no se cumpliría.
}

coach-step-purpose = { $step ->
    [claim] Una tesis clara le dice al lector qué defiendes, y así todo lo demás tiene algo que apoyar.
    [grounds] Sin pruebas, el lector solo tiene tu palabra; una cifra, un lugar o un ejemplo le permite comprobarlo.
    [warrant] Las pruebas no hablan solas: quien duda necesita que expliques el paso de tus datos a tu tesis.
    [groundsBacking] El lector confía más en unas pruebas cuando sabe quién las reunió y cómo.
    [warrantBacking] Quien duda puede aceptar tus datos y aun así dudar de la relación; el respaldo muestra que es más que tu opinión.
    [qualifier] Decir hasta dónde llega tu tesis hace que una sola excepción no la tumbe.
   *[rebuttal] Nombrar tú las excepciones muestra al lector que has pensado en la otra postura.
}

coach-step-example = { $step ->
    [claim] Una tesis suena así: «Nuestro pueblo debería plantar más árboles junto a los colegios».
    [grounds] Unos datos suenan así: «En junio, nuestra calle estaba 4 grados más caliente que el parque».
    [warrant] Una garantía suena así: «Los árboles dan sombra, así que las calles con árboles están más frescas».
    [groundsBacking] Un respaldo de los datos suena así: «Medimos con el mismo termómetro a mediodía durante una semana».
    [warrantBacking] Un respaldo de la garantía suena así: «Los estudios urbanos ven que las calles con sombra son más frescas en verano».
    [qualifier] Un matizador suena así: «probablemente, en los días de sol de verano».
   *[rebuttal] Una refutación suena así: «a menos que los árboles tapen la única parada de autobús».
}

coach-fits = { $step ->
    [claim] Esa es una postura clara que puedes defender.
    [grounds] Ese es el tipo de prueba que necesitan los datos.
    [warrant] Eso explica cómo tus datos llevan a tu tesis.
    [groundsBacking] Eso le dice al lector de dónde salen tus pruebas.
    [warrantBacking] Eso da un motivo para confiar en la relación de tu garantía.
    [qualifier] Eso dice cuánto estás seguro y dónde se cumple tu tesis.
   *[rebuttal] Eso nombra un caso real en el que tu tesis fallaría.
}

coach-proposal-intro = { $step ->
    [claim] Aquí tienes tu postura escrita como una tesis.
    [grounds] Abajo están tus datos, listos para el borrador.
    [warrant] Esta garantía explica la relación entre pruebas y tesis.
    [groundsBacking] Este respaldo dice de dónde salen tus pruebas.
    [warrantBacking] Este respaldo apoya la relación que hace tu garantía.
    [qualifier] Este matizador marca hasta dónde llega tu tesis.
   *[rebuttal] Esta refutación nombra la excepción a tu tesis.
}

coach-proposal-question = { $step ->
    [claim] ¿Es esta la postura que quieres defender?
    [grounds] ¿Estos datos dicen lo que encontraste?
    [warrant] ¿Esta relación dice lo que quieres decir?
    [groundsBacking] ¿De verdad salen de ahí tus pruebas?
    [warrantBacking] ¿Convencería esto a un lector que duda?
    [qualifier] ¿Es tan firme como quieres ser?
   *[rebuttal] ¿Es esa la excepción que quieres admitir?
}

coach-proposal-question-again = { $step ->
    [claim] ¿Guardamos esta tesis y buscamos pruebas después?
    [grounds] ¿Guardamos estos datos y explicamos cómo prueban tu idea?
    [warrant] ¿Guardamos esta garantía y decimos de dónde salen tus pruebas?
    [groundsBacking] ¿Guardamos esta fuente y respaldamos también tu garantía?
    [warrantBacking] ¿Guardamos este apoyo y decidimos con qué fuerza lo afirmas?
    [qualifier] ¿Guardamos este matizador y nombramos una excepción?
   *[rebuttal] ¿Guardamos esta refutación y terminamos tu argumento?
}

# Responde a una pregunta sobre dónde va el argumento ("¿en qué paso estoy?", "¿cuántos quedan?", "volver a la tesis", "saltar esto"): $step, su $number entre las siete partes.
coach-where-we-are = Estamos en { $step ->
    [claim] la tesis
    [grounds] los datos
    [warrant] la garantía
    [groundsBacking] el respaldo de los datos
    [warrantBacking] el respaldo de la garantía
    [qualifier] el matizador
   *[rebuttal] la refutación
}, la parte { $number } de 7. Puedes cambiar en el borrador cualquier parte ya guardada; para avanzar, acepta un texto para esta parte o elige «Listo: siguiente paso».

# La pregunta tras un sí a una propuesta cuando ya se hicieron las dos preguntas de propuesta.
coach-proposal-question-third = ¿Cambiarías algo antes de aceptarlo?

coach-rationale = { $step ->
    [claim] Expresa tu postura en una frase clara.
    [grounds] Aporta pruebas que apoyan la tesis.
    [warrant] Une los datos con la tesis.
    [groundsBacking] Dice de dónde salen las pruebas.
    [warrantBacking] Muestra por qué la relación es creíble.
    [qualifier] Dice con qué fuerza y dónde se cumple la tesis.
   *[rebuttal] Nombra cuándo no se cumpliría la tesis.
}

coach-weakness-question = { $weakness ->
    [claim_includes_reason] ¿Cuál es tu postura en una frase, sin la razón?
    [claim_looks_like_grounds] ¿Qué crees que debería pasar, a la vista de esos datos?
    [is_question] ¿Cuál es tu respuesta a esa pregunta, escrita como una afirmación que puedas defender?
    [missing_link] ¿Por qué tus datos demuestran que tu tesis es cierta?
    [missing_hedge] ¿Tu tesis se cumple siempre, normalmente o solo probablemente?
    [missing_exception] ¿En qué caso no se cumpliría tu tesis?
    [opinion_as_evidence] ¿Qué hecho o ejemplo te hizo pensarlo?
    [rebuttal_at_other_step] ¿Qué pruebas tienes a favor de tu postura?
    [reply_at_other_step] ¿Qué pruebas tienes a favor de tu postura?
    [source_without_finding] ¿Qué dice o muestra esa fuente sobre tu tesis?
   *[hedge_alone] ¿Para quién, o en qué situaciones, se cumple?
}

coach-weakness-explained = { $weakness ->
    [empty] Todavía no hay nada escrito en este paso.
    [too_short] Es demasiado breve; desarróllalo un poco más.
    [is_question] Es una pregunta; escríbelo como una afirmación.
    [claim_looks_like_grounds] Parece un dato; la tesis debe expresar tu postura, y los datos van en el siguiente paso.
    [claim_includes_reason] Tu tesis mezcla una razón; la tesis expresa tu postura, y la razón va en los datos.
    [missing_link] Aún no explica por qué los datos apoyan la tesis; una garantía suele empezar con «esto demuestra que» o usar «porque».
    [missing_hedge] Indica con qué fuerza lo afirmas, con palabras como normalmente, probablemente o en la mayoría de los casos.
    [missing_exception] Indica un caso en que no se cumpliría la tesis, empezando con «a menos que» o «excepto cuando».
    [opinion_as_evidence] Eso es tu opinión presentada como prueba; da un hecho, una cifra o un ejemplo que otra persona pueda comprobar.
    [rebuttal_at_other_step] Eso es una objeción de alguien en contra de tu tesis; guárdala para la refutación, el último paso.
    [reply_at_other_step] Eso es una respuesta a la otra postura; la usaremos en la refutación, el último paso, así que guárdala para entonces.
    [perhaps_rebuttal] Si eso es una objeción a tu tesis, guárdala para la refutación, el último paso.
    [source_without_finding] Eso dice de dónde salen las pruebas, su fuente, que va en el respaldo; los datos necesitan lo que la fuente encontró o dice.
   *[hedge_alone] Una palabra de matiz sola dice cuánto estás seguro, no para quién o cuándo se cumple la tesis (probablemente, en la mayoría de las clases).
}

coach-weakness-explained-again = { $weakness ->
    [empty] Este paso de tu argumento sigue en blanco.
    [too_short] Con unas palabras más quedaría claro qué quieres decir.
    [is_question] Convierte la pregunta en una afirmación que puedas defender.
    [claim_looks_like_grounds] Esos datos sirven como prueba; guárdalos para el siguiente paso y di qué postura defiendes.
    [claim_includes_reason] Guarda la razón para el paso de los datos; la tesis es solo tu postura.
    [missing_link] Di cómo se conectan los datos con la tesis, por ejemplo empezando con «esto demuestra que».
    [missing_hedge] Añade una palabra que muestre tu seguridad, como normalmente o probablemente.
    [missing_exception] Piensa en un caso en que tu tesis no se cumpliría y empiézalo con «a menos que».
    [opinion_as_evidence] Una opinión no se demuestra a sí misma; di algo que viste, contaste o leíste.
    [rebuttal_at_other_step] Las objeciones van al final, en la refutación; ahora construye tu propia postura.
    [reply_at_other_step] Las respuestas a las objeciones van al final, con la refutación; ahora construye tu propia postura.
    [perhaps_rebuttal] Las objeciones a tu tesis esperan a la refutación, el último paso.
    [source_without_finding] Una fuente sola aún no es una prueba; di qué encontró y guarda su nombre para el respaldo.
   *[hedge_alone] Di para quién o cuándo se cumple, no solo cuánto estás seguro.
}

coach-step-name = { $step ->
    [claim] tesis
    [grounds] datos
    [warrant] garantía
    [groundsBacking] respaldo
    [warrantBacking] respaldo
    [qualifier] matizador
   *[rebuttal] refutación
}

coach-follow-up-first = { $step ->
    [claim] ¿Qué debería cambiar exactamente, y para qué personas?
    [grounds] ¿Qué has visto, contado o leído que respalde tu tesis?
    [warrant] ¿Qué regla une tus pruebas con tu tesis?
    [groundsBacking] ¿Quién reunió esas pruebas, y cómo?
    [warrantBacking] ¿Quién más está de acuerdo con esa relación?
    [qualifier] ¿Para quién, o cuándo, es cierta tu tesis?
   *[rebuttal] ¿Qué señalaría alguien en contra de tu tesis?
}

coach-follow-up-second = { $step ->
    [claim] Si un amigo no estuviera de acuerdo, ¿con qué exactamente?
    [grounds] ¿Puedes dar un ejemplo con una cifra o un lugar?
    [warrant] Si tus datos son ciertos, ¿por qué tu tesis también lo es?
    [groundsBacking] ¿Por qué debería un lector fiarse del origen de esos datos?
    [warrantBacking] ¿Qué estudio, experto o experiencia muestra que la relación es real?
    [qualifier] ¿Dirías siempre, normalmente o solo a veces?
   *[rebuttal] ¿Hay algún lugar o grupo donde no funcionaría?
}

coach-follow-up-third = { $step ->
    [claim] ¿Quién no estaría de acuerdo contigo, y en qué exactamente?
    [grounds] ¿Qué dato convencería a un compañero que duda de ti?
    [warrant] ¿Qué regla general hace que tus pruebas cuenten para esta tesis?
    [groundsBacking] ¿Podría otra persona comprobar esos datos, y dónde?
    [warrantBacking] ¿Qué le mostrarías a un lector que duda para probar esa relación?
    [qualifier] ¿Dónde deja de ser cierta tu tesis?
   *[rebuttal] ¿Qué podría hacer fallar tu propuesta?
}

coach-thanks-first = De nada.
coach-thanks-second = Me alegra ayudarte.
coach-thanks-third = Bien, sigamos.

coach-greeting-first = ¡Hola!
coach-greeting-second = ¡Hola de nuevo!
coach-greeting-third = Me alegra verte.
# La respuesta a una despedida (tres formas); lo aceptado está en el borrador.
coach-goodbye-first = Hasta pronto; todo lo que has aceptado queda guardado en tu borrador.
coach-goodbye-second = Nos vemos; tu borrador guarda lo que has aceptado.
coach-goodbye-third = Buen trabajo hoy; tu borrador te espera la próxima vez.

coach-your-choice = Eso lo decides tú, siempre que el texto cumpla la función de este paso.

# Un no a la pregunta pendiente («para nada»): no se guarda nada.
coach-declined-first = De acuerdo, dejamos ese texto fuera de tu borrador.
coach-declined-second = Bien, ese no entra; probemos con otras palabras.

coach-proposal-intro-again = Acéptalo abajo para guardar «{ $value }» en tu borrador.

# Presenta una propuesta por tercera vez, cuando las otras dos ya se dijeron.
coach-proposal-intro-third = Está listo abajo; acéptalo y pasará a tu borrador.

# Una petición de escribir el paso («hazme la garantía») sin texto del alumno del que partir ni propuesta válida.
coach-write-for-me = Necesito una primera versión con tus propias palabras para trabajar; escribe una frase para este paso, aunque sea un borrador, y te ayudo a darle forma.
coach-unclear-reply = No sé si eso quiere decir que sí.

coach-offer-question = ¿Quieres quedarte con "{ $offered }" como { $name }?

coach-saved-line = { $step ->
    [grounds] Tus { $name } quedan así: «{ $text }».
   *[other] Tu { $name } queda así: «{ $text }».
}

coach-bridge = { $step ->
    [claim] Empecemos por la postura que quieres defender.
    [grounds] Una tesis como la tuya solo convence con pruebas que otro pueda comprobar.
    [warrant] Ya tienes pruebas; falta que el lector vea por qué demuestran «{ $claim }».
    [groundsBacking] Tus pruebas y su relación ya están; ahora muestra que las pruebas mismas son fiables.
    [warrantBacking] Tus pruebas tienen fuente; alguien que dude aún puede cuestionar la relación misma.
    [qualifier] Tu defensa de «{ $claim }» está construida; pocas tesis se cumplen siempre y para todos.
   *[rebuttal] Queda un paso: ser justo con la otra postura hace más fuerte tu argumento.
}

coach-linked-warrant = { $text }, así que { $claim }.

coach-export-heading = { $step ->
    [claim] Tesis
    [grounds] Datos
    [warrant] Garantía
    [groundsBacking] Respaldo de los datos
    [warrantBacking] Respaldo de la garantía
    [qualifier] Matizador
   *[rebuttal] Refutación
}

coach-export-qualifier = matizador: { $qualifier }

# Tras un texto que quizá sea la opinión de la otra parte: lo que necesita si está del lado del alumno ($advice: lo que le falta como texto de este paso, con la primera letra en minúscula).
coach-perhaps-on-your-side = Si está de tu lado, { $advice }
# Lo mismo, cuando no le falta nada como texto de este paso.
coach-perhaps-fits = Si está de tu lado, explica cómo apoya tu tesis.

# Al abrir la refutación: la opinión de la otra parte que el alumno dio en un paso anterior, guardada para este.
coach-objection-kept = Antes diste la opinión de la otra parte, «{ $text }»; tu refutación puede partir de ahí.

# El comentario de la app sobre una garantía cuando se rechazó el del modelo: las dos ideas
# de la garantía del estudiante que eligió el modelo ($from y $to, sus palabras, en su orden).
coach-remark-link = Tu garantía une la idea «{ $from }» con la idea «{ $to }».

# El comentario de la app sobre el detalle del texto del estudiante que eligió el modelo
# ($detail, sus palabras): qué es el detalle ($kind: figure, source u other) para el paso.
coach-remark-detail = { $step ->
    [claim] Tu tesis defiende una postura: { $detail }.
    [grounds] { $kind ->
        [figure] Tus datos dan una cifra: { $detail }.
        [source] Tus datos nombran una fuente: { $detail }.
       *[other] Tus datos mencionan { $detail }.
    }
    [groundsBacking] { $kind ->
        [figure] Tu respaldo da una cifra: { $detail }.
        [source] Tu respaldo nombra una fuente: { $detail }.
       *[other] Tu respaldo menciona { $detail }.
    }
    [warrantBacking] { $kind ->
        [figure] Tu respaldo da una cifra: { $detail }.
        [source] Tu respaldo nombra una fuente: { $detail }.
       *[other] Tu respaldo menciona { $detail }.
    }
    [qualifier] Dices dónde se cumple tu tesis: { $detail }.
   *[rebuttal] Nombras un caso en que tu tesis falla: { $detail }.
}
