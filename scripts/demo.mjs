console.log('The demo (embedded emulator + the bundled action) arrives with the action itself.');
